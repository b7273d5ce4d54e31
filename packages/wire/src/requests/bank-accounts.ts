import * as v from 'valibot';
import { bankAccountFields } from '../bank-account-input.ts';

/** POST /bank_accounts fields (docs/api/cookbook/bank-accounts.md): all three required. */
export const bankAccountSchema = v.object(bankAccountFields());
