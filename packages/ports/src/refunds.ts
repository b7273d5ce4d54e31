import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/** The charges a refund reads (the payments' store answers this). */
export interface PaymentReader {
  /** The payment, or null (never created, or another merchant's). */
  get(scope: Scope, token: string): Promise<Payment | null>;
}

/** Who settles a refund, from which state, and the event it records. */
export interface RefundSettling {
  job?: ScheduledJob | undefined;
  /** None while the refund stays pending. */
  event?: WattleEvent | undefined;
  from?: 'pending' | 'succeeded';
  /** A job to schedule with the write: the processor's own settlement of a refund left pending. */
  schedules?: ScheduledJob | undefined;
}

/** Refunds, with the refund-settlement job each one waits on. */
export interface RefundsStore {
  get(scope: Scope, refundToken: string): Promise<Refund | null>;
  list(scope: Scope, page: number): Promise<Page<Refund>>;
  listForCharge(scope: Scope, chargeToken: string, page: number): Promise<Page<Refund>>;
  /**
   * The refund, taken off its charge's refundable amount, its settlement job (due at `settleAt`),
   * its debit of the balance and its event. Throws Changed (the charge) when less of the charge
   * is left than the refund takes, or it is no longer captured; BalanceShort when the debits,
   * this one included, would pass `credited` (every credit the caller read, settling ones too).
   */
  create(
    scope: Scope,
    refund: Refund,
    event: WattleEvent,
    settleAt: Date,
    now: Date,
    credited: number,
  ): Promise<void>;
  /**
   * A stood payment's refund (Refund.ofStoodPayment), new: the refund alone (no list, job, charge amounts or
   * balance); nothing when it exists already (the same failed cancellation told again).
   */
  recordOfStoodPayment(scope: Scope, refund: Refund, now: Date): Promise<void>;
  /**
   * The refund of `charge` as the processor answered, written only while it is still in `from`
   * (default `pending`; Changed when it is no longer: another run or notification came first):
   * still `pending` (the processor took it and tells later: only the refund is written), settled
   * (`succeeded`), or `failed`, which gives its amount back to the charge and to the balance (also
   * from `succeeded`: a refund the processor failed or reversed after it succeeded). With `job`
   * (the settlement job's run) claims it: JobTaken when another run took it first. With `schedules`,
   * schedules that job in the same write. A stood payment's refund's outcome changes the refund alone.
   */
  settle(scope: Scope, charge: Payment, refund: Refund, how: RefundSettling, now: Date): Promise<void>;
}
