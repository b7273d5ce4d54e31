import type { BankAccount, Scope } from '@wattle/domain';

/** A bank account with its number sealed: what a recipient keeps for its payouts. */
export interface SealedBankAccount {
  bankAccount: BankAccount;
  sealedNumber: string;
}

/**
 * Bank account tokens from POST /bank_accounts: single use (one recipient), one month. A write
 * that uses one up throws TokenUsed when another request used it first or it expired.
 */
export interface BankAccountTokensStore {
  /** Seals the number, bound to the account's scope and token. */
  seal(scope: Scope, bankAccount: BankAccount, accountNumber: string): Promise<SealedBankAccount>;
  put(scope: Scope, sealed: SealedBankAccount, expiresAt: Date): Promise<void>;
  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  findUnused(scope: Scope, bankAccountToken: string, now: Date): Promise<SealedBankAccount | null>;
}
