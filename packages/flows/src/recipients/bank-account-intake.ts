import {
  type BankAccountDetails,
  type Ids,
  invalidToken,
  newBankAccount,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { BankAccountIntake, BankAccountTokensStore } from '@wattle/ports';

/** Where a recipient's bank account comes from: details sent with it, or a bank account token. */
export type BankAccountSource = { details: BankAccountDetails } | { token: string };

export interface BankAccountIntakeDeps {
  bankAccountTokens: Pick<BankAccountTokensStore, 'seal' | 'findUnused'>;
  ids: Ids;
}

/**
 * The bank account to take in: new details sealed now, or an unused token (else the invalid-token
 * error for bank_account_token). The token is only used up by the write that takes it in.
 */
export const takeInBankAccount = async (
  { bankAccountTokens, ids }: BankAccountIntakeDeps,
  scope: Scope,
  source: BankAccountSource,
  now: Date,
): Promise<BankAccountIntake> => {
  if ('details' in source) {
    const account = newBankAccount(source.details, ids.token('ba'), toTimestamp(now));
    return { from: 'new', sealed: await bankAccountTokens.seal(scope, account, source.details.number) };
  }
  const sealed = await bankAccountTokens.findUnused(scope, source.token, now);
  if (!sealed) throw invalidToken('bank_account_token');
  return { from: 'token', sealed };
};
