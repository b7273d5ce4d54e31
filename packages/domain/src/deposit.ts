import type { BankAccount } from './bank-account.ts';

/**
 * The daily settlement of a deposit-mode account's available balance into its own bank account
 * (docs/api/cookbook/deposits.md), made by the scheduler. Where Pin shows no field, it mirrors a transfer.
 */
export interface Deposit {
  token: string;
  /** `succeeded`: the simulated bank takes every deposit. */
  status: 'succeeded';
  amount: number;
  currency: string;
  /** What the bank statement shows. */
  narration: string;
  createdAt: string;
  /** When the money is in the bank account: at once, the simulated bank being instant. */
  availableAt: string;
  bankAccount: BankAccount;
}

/** The deposits run once a day at this UTC time (midnight), over the balance available then. */
const dayMs = 24 * 60 * 60 * 1000;

/** The first daily run strictly after `after`: the next UTC midnight. */
export const nextDepositRun = (after: Date): Date =>
  new Date((Math.floor(after.getTime() / dayMs) + 1) * dayMs);

/**
 * What names one account's deposit of one day, in one environment: the seed of its token, so a
 * second run (a crash's retry, an overlapping run) names the same deposit and cannot make another.
 */
export const depositSeed = (accountId: string, environment: string, run: Date): string =>
  `deposit#${accountId}#${environment}#${run.toISOString().slice(0, 10)}`;

export const depositNarration = (token: string): string =>
  `WATTLE DEPOSIT ${token.slice(4, 12).toUpperCase()}`;
