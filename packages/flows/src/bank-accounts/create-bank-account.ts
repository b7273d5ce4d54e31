import {
  addMonths,
  type BankAccount,
  type BankAccountDetails,
  bankAccountTokenLifetimeMonths,
  type Clock,
  type Ids,
  newBankAccount,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { BankAccountTokensStore } from '@wattle/ports';

/**
 * POST /bank_accounts: stores the account under a single-use token (one recipient), which expires
 * a month later. The account number is sealed; the account keeps only its last three digits.
 */
export const createBankAccount = async (
  {
    bankAccountTokens,
    clock,
    ids,
  }: { bankAccountTokens: Pick<BankAccountTokensStore, 'seal' | 'put'>; clock: Clock; ids: Ids },
  scope: Scope,
  details: BankAccountDetails,
): Promise<BankAccount> => {
  const now = clock.now();
  const account = newBankAccount(details, ids.token('ba'), toTimestamp(now));
  const sealed = await bankAccountTokens.seal(scope, account, details.number);
  await bankAccountTokens.put(scope, sealed, addMonths(now, bankAccountTokenLifetimeMonths));
  return account;
};
