import { bankAccountFields } from '@wattle/wire';
import * as v from 'valibot';

/** POST /bank_accounts fields (docs/api/cookbook/bank-accounts.md): all three required. */
export const bankAccountSchema = v.object(bankAccountFields());
