import { isValidAccountNumber, isValidBsb, normaliseAccountNumber, normaliseBsb } from '@wattle/domain';
import * as v from 'valibot';
import { requiredText } from './validation.ts';

/** Bank account fields (POST /bank_accounts, a recipient's and a merchant's bank_account). */
export const bankAccountFields = () => ({
  name: requiredText(),
  bsb: v.pipe(requiredText(20), v.transform(normaliseBsb), v.check(isValidBsb, 'must be six digits')),
  number: v.pipe(
    requiredText(20),
    v.transform(normaliseAccountNumber),
    v.check(isValidAccountNumber, 'must be 4 to 10 digits'),
  ),
});
