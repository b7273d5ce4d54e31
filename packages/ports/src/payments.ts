import type { Payment, PaymentKind, PaymentState, Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';
import type { SubscriptionChange } from './subscriptions.ts';

export interface ReserveOptions {
  /** An unused card token the payment uses up. */
  cardToken?: string | undefined;
  /** An unused payment source the payment uses up. */
  paymentSourceToken?: string | undefined;
  /** Join the lists now (a 3-D Secure charge shows as Pending while the payer is away). */
  joinLists: boolean;
  /** The 3-D Secure session that leads back to this payment. */
  sessionToken?: string | undefined;
  /** When the payment-recovery job finishes the payment if nothing settled it by then. */
  recoveryDueAt: Date;
  /**
   * The payment is a subscription bill's charge: the bill's recovery job (which finishes the
   * charge too) stands for the payment's own, so none is scheduled; `begin`, the change that begins
   * the bill (null: begun before), commits in the reservation's transaction.
   */
  bill?: { begin: SubscriptionChange | null } | undefined;
}

export interface SettleOptions {
  /** The state the payment must still be in (processing, or pending_3ds). */
  from: PaymentState;
  /** Whether the lists are joined now (they were not joined at reserve). */
  joinLists: boolean;
  /** For an authorised payment: when its lease on the funds ends (see leaseEndOf). */
  leaseExpiresAt: Date | null;
  /**
   * The recovery job doing this, which claims its job; otherwise the job is cancelled (a 3-D
   * Secure payment's is its session's end).
   */
  job?: ScheduledJob | undefined;
  /** When the reservation's recovery job falls due (paymentRecoveryDueAt): the store keeps the job by it. */
  recoveryDueAt: Date;
  /**
   * When this process reserved the payment, if it did: the payment joins its lists at the place
   * of its reservation (saves reading it back).
   */
  reservedAt?: Date | undefined;
  /**
   * A bill's charge (reserved with `bill`): it has no recovery job of its own to end; `settle`, the
   * change recording the bill's outcome (null: recorded apart), commits in the settlement's
   * transaction.
   */
  bill?: { settle: SubscriptionChange | null } | undefined;
}

/** Where a 3-D Secure session leads: the merchant and the payment waiting for the payer. */
export interface ThreeDSecureSession {
  scope: Scope;
  paymentToken: string;
}

/**
 * Charges and authorisations. A payment is reserved (card token used up, recovery scheduled)
 * before the processor is asked, then settled with its outcome: the processor is asked at most
 * once per reservation, and a crash in between is finished by the recovery job.
 */
export interface PaymentsStore {
  get(scope: Scope, token: string): Promise<Payment | null>;
  /** The sealed card number a reserved payment keeps until it is settled (null once settled). */
  sealedNumberOf(scope: Scope, token: string): Promise<string | null>;
  /** The merchant's charges or authorisations, newest first. */
  list(scope: Scope, kind: PaymentKind, page: number): Promise<Page<Payment>>;
  /** A customer's charges, newest first. */
  listForCustomer(scope: Scope, customerToken: string, page: number): Promise<Page<Payment>>;
  /** The merchant's charges created in [from, to), at most `limit` of them, newest first. */
  chargesBetween(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Payment[]>;
  session(sessionToken: string): Promise<ThreeDSecureSession | null>;
  /**
   * Reserves a new payment with its sealed number and schedules its recovery. Throws TokenTaken
   * when a payment of that token exists (a derived token: the same request came before), TokenUsed
   * when the card token or payment source was used or expired since it was read; with a bill's
   * `begin`, also what SubscriptionsStore.commit throws.
   */
  reserve(
    scope: Scope,
    payment: Payment,
    sealedNumber: string,
    options: ReserveOptions,
    now: Date,
  ): Promise<void>;
  /**
   * Writes the processor's outcome with its event, drops the sealed number, credits a capture to
   * the balance and ends the recovery job. Throws Changed when the payment is no longer in
   * `options.from` (another request or run settled it first), JobTaken when `options.job` was
   * claimed by another run; with a bill's `settle`, also what SubscriptionsStore.commit throws.
   */
  settle(
    scope: Scope,
    payment: Payment,
    event: WattleEvent,
    options: SettleOptions,
    now: Date,
  ): Promise<void>;
  /**
   * Void or capture of an authorised payment: uses up its lease and writes the new state (and,
   * capturing an authorisation, the charge it makes) with the event. Throws Changed when the
   * payment is no longer authorised or its lease is gone (used by another request, or expired).
   */
  transition(
    scope: Scope,
    payment: Payment,
    event: WattleEvent,
    now: Date,
    newCharge?: Payment | null,
  ): Promise<void>;
}
