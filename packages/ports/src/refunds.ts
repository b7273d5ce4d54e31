import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/** The charges a refund reads (the payments' store answers this). */
export interface PaymentReader {
  /** The payment, or null (never created, or another merchant's). */
  get(scope: Scope, token: string): Promise<Payment | null>;
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
   * The settled refund of `charge` and its event; a failed one gives its amount back to the charge
   * and to the balance. Claims the job: throws JobTaken when another run took it first.
   */
  settle(
    scope: Scope,
    charge: Payment,
    refund: Refund,
    job: ScheduledJob,
    event: WattleEvent,
    now: Date,
  ): Promise<void>;
}
