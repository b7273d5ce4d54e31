import type { Deposit, Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';
import type { TransferDebit } from './transfers.ts';

/** How a deposit debits the balance: as a transfer does, with no line items job to start. */
export type DepositDebit = Omit<TransferDebit, 'job' | 'returnsAt'>;

/** Deposits and their list, and the daily job that makes them. */
export interface DepositsStore {
  /**
   * In one transaction: the deposit (TokenTaken when that day's deposit exists), its debit of the
   * balance (Changed when any debit came in since `debit.ledger` was read), the list, its event,
   * and the daily job claimed and moved to `next` (JobTaken when another run claimed it first).
   */
  create(
    scope: Scope,
    deposit: Deposit,
    event: WattleEvent,
    now: Date,
    debit: DepositDebit,
    job: ScheduledJob,
    next: Date,
  ): Promise<void>;
  /** A day with nothing to deposit: the daily job claimed and moved to `next` (JobTaken as above). */
  skip(job: ScheduledJob, next: Date): Promise<void>;
  get(scope: Scope, depositToken: string): Promise<Deposit | null>;
  list(scope: Scope, page: number): Promise<Page<Deposit>>;
}
