import {
  isAssignedBsb,
  isValidAccountNumber,
  isValidBsb,
  normaliseAccountNumber,
  normaliseBsb,
} from '@wattle/domain';
import * as v from 'valibot';
import { requiredText } from './validation.ts';

const bsbFormat = () =>
  v.pipe(requiredText(20), v.transform(normaliseBsb), v.check(isValidBsb, 'must be six digits'));

/** The fields of a bank account, each checked for its shape. */
const bankAccountShape = () => ({
  name: requiredText(),
  bsb: bsbFormat(),
  number: v.pipe(
    requiredText(20),
    v.transform(normaliseAccountNumber),
    v.check(isValidAccountNumber, 'must be 4 to 10 digits'),
  ),
});

/**
 * POST /bank_accounts and the CLI's payout account: the bank account fields, the BSB also in the
 * Australian BSB directory (a bank would refuse a payment to an unassigned one), refused on `bsb`.
 */
export const bankAccountFields = () => ({
  ...bankAccountShape(),
  bsb: v.pipe(
    bsbFormat(),
    v.check(
      isAssignedBsb,
      (issue) =>
        `BSB ${String(issue.input)} is not in the Australian BSB directory (no financial institution has BSBs starting ${String(issue.input).slice(0, 2)})`,
    ),
  ),
});

/**
 * A bank account nested in a recipient or a merchant (`bank_account[name|bsb|number]`): the
 * fields' shapes are checked on each, and a BSB not in the directory refuses the whole account, as
 * Pin does: `bank_account` "Bank account is invalid" (code bank_account_invalid).
 */
export const nestedBankAccount = () =>
  v.pipe(
    v.object(bankAccountShape(), 'is invalid'),
    // A BSB not six digits is refused on its own field already.
    v.check((account) => !isValidBsb(account.bsb) || isAssignedBsb(account.bsb), 'Bank account is invalid'),
  );
