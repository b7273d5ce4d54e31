import type { BankAccountDetails } from '@wattle/domain';
import type { BankAccountSource } from '@wattle/flows';

/** The bank account given: its details, a bank account token, or neither. */
export const sourceOf = (input: {
  bank_account?: BankAccountDetails | undefined;
  bank_account_token?: string | undefined;
}): BankAccountSource | null => {
  if (input.bank_account) return { details: input.bank_account };
  return input.bank_account_token ? { token: input.bank_account_token } : null;
};
