import { chargeCreditOf, settlementDay } from './balance.ts';
import { disputeOpensAt } from './dispute.ts';
import type { WattleEvent } from './events.ts';
import { merchantEntitlement, type Payment, type PaymentClaim, type PaymentState } from './payment.ts';
import { leaseEndOf, paymentRecoveryDueAt } from './payment-lifecycle.ts';
import type { SelfSettlement } from './payment-processor.ts';
import type { ChargeCredit } from './transfer.ts';

/**
 * What a payment's write does, decided here as data: a reservation, a settlement with the
 * processor's answer, a void or a capture is a list of changes, and the store turns the list into
 * the items of one transaction, in its order, each change's item guarded as its kind says. The
 * store decides nothing: whether the balance is credited, a lease kept, a job ended or claimed, is
 * in the list or not.
 */

/**
 * A job of a payment's: its recovery (finishes it if no settlement comes by then), the opening of
 * its dispute (a charge on a dispute test card), or the processor's settlement of its pending
 * capture or void (a processor that sends no notification: `data` holds it, settlementJobOf). The
 * payment's token names it.
 */
export interface PaymentJob {
  job: 'payment-recovery' | 'dispute-opening' | 'processor-settlement';
  token: string;
  dueAt: Date;
  data?: Record<string, unknown>;
}

/**
 * The job that applies a processor's own settlement of a modification it took as pending (a
 * capture or void of the payment `token`, or the refund `token`), due `afterSeconds` after `now`.
 */
export const settlementJobOf = (
  token: string,
  settlement: SelfSettlement,
  now: Date,
): PaymentJob & { job: 'processor-settlement' } => ({
  job: 'processor-settlement',
  token,
  dueAt: new Date(now.getTime() + settlement.afterSeconds * 1000),
  data: { notification: settlement.notification },
});

/** Whether a payment's write puts it in its lists (the merchant's, its customer's). */
export type PaymentListing =
  | { joins: false }
  /**
   * It joins them at the place of its reservation: `reservedAt` when the writer reserved it (no
   * read), else null (the store finds the place its reservation kept).
   */
  | { joins: true; reservedAt: Date | null };

export type PaymentChange =
  /**
   * A new payment, reserved before the processor is asked, with its sealed card number and, when
   * the merchant sent one for it, its sealed CVC (both kept until it is settled). `listed`: in its
   * lists now (a 3-D Secure charge shows as pending while the payer is away), else its settlement
   * lists it. Refused (TokenTaken) when its token exists.
   */
  | {
      kind: 'reservation';
      payment: Payment;
      sealedNumber: string;
      sealedCvc?: string | undefined;
      listed: boolean;
    }
  /**
   * A payment moved to the next account of its route before that account is asked (failoverOf):
   * written only while it is still in `from` on `fromAccount` (else Changed: another request with
   * the same Idempotency-Key, or the recovery job, moved or settled it first). Its sealed number
   * and CVC stay: the next account needs them, and so does a recovery after a crash.
   */
  | { kind: 'failover'; payment: Payment; from: PaymentState; fromAccount: string }
  /**
   * The payment's new state, written only while it is still in `from` (else Changed: another
   * request or run came first) and, with `claimed`, while that claim holds it; its sealed number
   * and CVC are dropped.
   */
  | {
      kind: 'payment';
      payment: Payment;
      from: PaymentState;
      listing: PaymentListing;
      claimed?: PaymentClaim | undefined;
    }
  /**
   * A void or capture's claim on an authorised payment, before the processor is asked: written
   * only while the payment is authorised and unclaimed, or claimed by the same action (a retry);
   * Changed otherwise (another void or capture holds it, or it is no longer authorised).
   */
  | { kind: 'claim'; paymentToken: string; claim: PaymentClaim }
  /** A claim the processor refused, given back: removed while it is this one (Changed otherwise). */
  | { kind: 'claim-release'; paymentToken: string; claim: PaymentClaim }
  /** The charge an authorisation's capture makes: new, settled and listed. */
  | { kind: 'capture-charge'; charge: Payment }
  /** An unused card token the reservation uses up (TokenUsed when it was used or expired). */
  | { kind: 'card-token-use'; cardToken: string }
  /** An unused payment source the reservation uses up (TokenUsed when it was used or expired). */
  | { kind: 'payment-source-use'; paymentSourceToken: string }
  /** The 3-D Secure session that leads the payer's answer back to the payment. */
  | { kind: 'session'; sessionToken: string; paymentToken: string }
  /** An authorised payment's lease on its funds, until it expires: a void or capture uses it up. */
  | { kind: 'lease'; paymentToken: string; until: Date }
  /** A void or capture uses up the lease (Changed when another one did, or it expired). */
  | { kind: 'lease-use'; paymentToken: string }
  /** A capture's proceeds: the balance of the day it settles on, and the credit payouts walk. */
  | { kind: 'balance-credit'; currency: string; settlesOn: string; credit: ChargeCredit }
  /**
   * Proceeds taken back from the balance (a capture the processor failed after it was taken),
   * unguarded, as a dispute's debit: the money never reached the merchant.
   */
  | { kind: 'balance-debit'; currency: string; amount: number }
  | { kind: 'schedule-job'; job: PaymentJob }
  /**
   * Removes the job where it is due, if it is there. `scheduledHere`: this writer scheduled it
   * itself (the reservation it made), so the job is only where the writer's own code keeps one.
   */
  | { kind: 'end-job'; job: PaymentJob; scheduledHere?: boolean }
  /** The job's own run claims it (JobTaken when another run did first): first in its list. */
  | { kind: 'claim-job'; job: PaymentJob }
  | { kind: 'event'; event: WattleEvent };

/**
 * Who finishes a reserved payment if no settlement comes: its own recovery job, or, for a
 * subscription bill's charge, the bill's recovery job (the bill's changes schedule and end it).
 */
export type PaymentRecovery = 'own' | 'bill';

/** A payment reserved: what its reservation writes. */
export interface Reservation {
  /** As reservedPayment made it: processing, or pending_3ds with its session. */
  payment: Payment;
  sealedNumber: string;
  /** The CVC sent for this payment, sealed: held until its authorisation is settled (PCI DSS 3.3.1). */
  sealedCvc?: string | undefined;
  /** The card token or payment source it uses up, if it pays with one. */
  uses: { cardToken: string | null; paymentSourceToken: string | null };
  recovery: PaymentRecovery;
}

/**
 * A reservation's changes: the payment (listed now when it waits for 3-D Secure), the token it
 * uses up, its 3-D Secure session, and its recovery job (none for a bill's charge). A processor's
 * notification finds it by the reference it names (processorReferenceOf), with no key of its own.
 */
export const reservationOf = ({
  payment,
  sealedNumber,
  sealedCvc,
  uses,
  recovery,
}: Reservation): PaymentChange[] => {
  const session = payment.state === 'pending_3ds' ? payment.threeDSecure : null;
  return [
    {
      kind: 'reservation',
      payment,
      sealedNumber,
      ...(sealedCvc ? { sealedCvc } : {}),
      listed: session !== null,
    },
    ...(uses.cardToken ? [{ kind: 'card-token-use' as const, cardToken: uses.cardToken }] : []),
    ...(uses.paymentSourceToken
      ? [{ kind: 'payment-source-use' as const, paymentSourceToken: uses.paymentSourceToken }]
      : []),
    ...(session
      ? [{ kind: 'session' as const, sessionToken: session.sessionToken, paymentToken: payment.token }]
      : []),
    ...(recovery === 'own' ? [{ kind: 'schedule-job' as const, job: recoveryJobOf(payment) }] : []),
  ];
};

/** A payment's recovery job, due as its reservation scheduled it (paymentRecoveryDueAt). */
const recoveryJobOf = (reserved: Payment): PaymentJob => ({
  job: 'payment-recovery',
  token: reserved.token,
  dueAt: paymentRecoveryDueAt(reserved),
});

/**
 * How a settlement ends the payment's recovery job: it removes it (`own`), or it is the job's own
 * run, which claims it as it was due when the run read it (`run`), or the payment has none (`bill`:
 * a bill's charge, whose bill's change ends the bill's job).
 */
export type RecoveryEnd = { by: 'own' } | { by: 'run'; dueAt: Date } | { by: 'bill' };

/** A reserved payment settled: with the processor's answer, or declined at 3-D Secure. */
export interface Settlement {
  /** As reserved (or as read since): processing, or pending_3ds. */
  before: Payment;
  /** Its new state. */
  after: Payment;
  event: WattleEvent;
  recovery: RecoveryEnd;
  /** When the writer reserved it, if it did: where it joins its lists. */
  reservedAt?: Date | undefined;
  now: Date;
}

/**
 * A settlement's changes: the job's claim first (a run that lost the race is refused on it), the
 * payment from the state it was reserved in (joining its lists unless it joined them at its
 * reservation), its consequences (proceeds, dispute, lease), the end of its recovery job and its
 * event.
 */
export const settlementOf = ({
  before,
  after,
  event,
  recovery,
  reservedAt,
  now,
}: Settlement): PaymentChange[] => {
  const job = recoveryJobOf(before);
  const lease = leaseEndOf(after);
  return [
    ...(recovery.by === 'run'
      ? [{ kind: 'claim-job' as const, job: { ...job, dueAt: recovery.dueAt } }]
      : []),
    {
      kind: 'payment',
      payment: after,
      from: before.state,
      listing: listingOf(before, reservedAt),
    },
    ...proceedsOf(after, now),
    ...(lease ? [{ kind: 'lease' as const, paymentToken: after.token, until: lease }] : []),
    // The writer that reserved it scheduled its job too (reservedAt).
    ...(recovery.by === 'own'
      ? [{ kind: 'end-job' as const, job, ...(reservedAt ? { scheduledHere: true } : {}) }]
      : []),
    { kind: 'event', event },
  ];
};

/**
 * Where a settled payment joins its lists: at its reservation, unless it joined them already (a
 * 3-D Secure charge at its reservation, an unresolved one when its outcome was found unknown).
 */
const listingOf = (before: Payment, reservedAt: Date | undefined): PaymentListing =>
  before.state === 'pending_3ds' || before.unresolvedSince !== undefined
    ? { joins: false }
    : { joins: true, reservedAt: reservedAt ?? null };

/** A payment whose processor's answer was unknown: written unresolved, still `processing`. */
export interface Unresolution {
  before: Payment;
  /** As settledWith made it (with withResolutionRetry when the job's run found it unknown again). */
  after: Payment;
  recovery: RecoveryEnd;
  reservedAt?: Date | undefined;
}

/**
 * An unresolved payment's changes: it joins its lists (the merchant sees it Pending) and its
 * sealed number goes (a resolution needs only our token); its recovery job stays due to resolve
 * it, or, when this is the job's own run, the run claims it and schedules it again later. No event:
 * the payment has no outcome yet.
 */
export const unresolvedOf = ({ before, after, recovery, reservedAt }: Unresolution): PaymentChange[] => [
  ...(recovery.by === 'run'
    ? [
        { kind: 'claim-job' as const, job: { ...recoveryJobOf(before), dueAt: recovery.dueAt } },
        { kind: 'schedule-job' as const, job: recoveryJobOf(after) },
      ]
    : []),
  { kind: 'payment', payment: after, from: before.state, listing: listingOf(before, reservedAt) },
];

/** A payment's move to the next account of its route (failoverOf), from the account `before` was on. */
export const failoverChangesOf = (before: Payment, after: Payment): PaymentChange[] => [
  { kind: 'failover', payment: after, from: before.state, fromAccount: before.processorAccount ?? '' },
];

/**
 * A 3-D Secure charge the processor sends the payer to authenticate with: the processor's redirect
 * kept, its sealed number dropped (completing it needs none). Listed since its reservation.
 */
export const awaitingPayerOf = (before: Payment, after: Payment): PaymentChange[] => [
  { kind: 'payment', payment: after, from: before.state, listing: { joins: false } },
];

/** What the processor told later of a capture it had taken (pending): confirmed, or failed. */
export interface CaptureOutcome {
  /** The charge as read: captured, its capture pending. */
  before: Payment;
  /** Confirmed: no longer pending; failed: failed, and its proceeds taken back. */
  after: Payment;
  /** Only when the charge changes in the merchant's eyes (a failure). */
  event?: WattleEvent | undefined;
}

/** A pending capture's end: the charge from `captured` (Changed when another came first), and a failure's debit. */
export const captureOutcomeOf = ({ before, after, event }: CaptureOutcome): PaymentChange[] => [
  { kind: 'payment', payment: after, from: 'captured', listing: { joins: false } },
  ...(after.state === 'failed'
    ? [{ kind: 'balance-debit' as const, currency: before.currency, amount: merchantEntitlement(before) }]
    : []),
  ...(event ? [{ kind: 'event' as const, event }] : []),
];

/** A void or capture's claim, made before the processor is asked (see Payment.claim). */
export const claimOf = (payment: Payment, claim: PaymentClaim): PaymentChange[] => [
  { kind: 'claim', paymentToken: payment.token, claim },
];

/** A claim given back after the processor refused its void or capture: nothing moved. */
export const claimReleaseOf = (payment: Payment, claim: PaymentClaim): PaymentChange[] => [
  { kind: 'claim-release', paymentToken: payment.token, claim },
];

/** A payment without the claim its void or capture held: what the transition writes. */
const unclaimed = (payment: Payment): Payment => {
  const { claim: _, ...rest } = payment;
  return rest;
};

/** A void or a capture of an authorised payment. */
export interface Transition {
  /**
   * The claim the void or capture made before asking the processor: the commit needs it. Absent
   * when the processor's own notification tells of it (it was done there, whoever holds a claim).
   */
  claim?: PaymentClaim | undefined;
  /** The payment voided or captured. */
  after: Payment;
  /** Capturing an authorisation: the charge it makes. */
  charge?: Payment | null | undefined;
  event: WattleEvent;
  now: Date;
  /** The processor's own settlement of a capture or void it took as pending, when it gives one. */
  settlement?: SelfSettlement | undefined;
}

/**
 * A void's or a capture's changes: the lease used up (gone when another void or capture came
 * first, or it expired), the payment from authorised while its claim holds it (the claim removed),
 * the charge an authorisation's capture makes, its consequences (proceeds, dispute) and the event.
 */
export const transitionOf = ({
  claim,
  after,
  charge,
  event,
  now,
  settlement,
}: Transition): PaymentChange[] => [
  { kind: 'lease-use', paymentToken: after.token },
  {
    kind: 'payment',
    payment: unclaimed(after),
    from: 'authorised',
    listing: { joins: false },
    claimed: claim,
  },
  ...(charge ? [{ kind: 'capture-charge' as const, charge: unclaimed(charge) }] : []),
  ...proceedsOf(charge ?? after, now),
  ...(settlement
    ? [{ kind: 'schedule-job' as const, job: settlementJobOf(after.token, settlement, now) }]
    : []),
  { kind: 'event', event },
];

/**
 * A capture or a void the processor tells of by notification, applied whatever Wattle believed:
 * a void or capture whose answer was lost (its claim held), one Wattle never asked for, a capture
 * the processor made before the void it then refused, or a void it refused (the payment stood).
 */
export interface ToldTransition {
  /** As read: authorised (claimed or not), or voided. */
  before: Payment;
  /** Captured, voided, or authorised again (a void refused). */
  after: Payment;
  /** Capturing an authorisation: the charge it makes. */
  charge?: Payment | null | undefined;
  event: WattleEvent;
  now: Date;
}

/**
 * A told transition's changes: the payment from the state it was read in (Changed when another
 * writer came first: read again and decide again), any claim removed (a request still holding it
 * then answers from the new state), the charge a capture of an authorisation makes, its proceeds,
 * the lease again when a refused void leaves it authorised, and the event. A lease left by an
 * authorised payment captured or voided here lapses at its expiry: nothing can use it, as the
 * payment is authorised no more.
 */
export const toldTransitionOf = ({ before, after, charge, event, now }: ToldTransition): PaymentChange[] => {
  const lease = leaseEndOf(after);
  return [
    { kind: 'payment', payment: unclaimed(after), from: before.state, listing: { joins: false } },
    ...(charge ? [{ kind: 'capture-charge' as const, charge: unclaimed(charge) }] : []),
    ...proceedsOf(charge ?? after, now),
    ...(lease ? [{ kind: 'lease' as const, paymentToken: after.token, until: lease }] : []),
    { kind: 'event', event },
  ];
};

/**
 * What a payment settled or captured at `now` brings: a captured charge credits its proceeds to
 * the balance (ordered by `now` to the millisecond, then its token), and, on a dispute test card,
 * schedules its dispute's opening.
 */
const proceedsOf = (payment: Payment, now: Date): PaymentChange[] => {
  if (payment.kind !== 'charge' || payment.state !== 'captured' || !payment.capturedAt) return [];
  const opensAt = disputeOpensAt(payment);
  return [
    {
      kind: 'balance-credit',
      currency: payment.currency,
      settlesOn: settlementDay(payment.capturedAt, payment.settlementDelayDays),
      credit: chargeCreditOf(payment, `${now.toISOString()}#${payment.token}`),
    },
    ...(opensAt
      ? [
          {
            kind: 'schedule-job' as const,
            job: { job: 'dispute-opening' as const, token: payment.token, dueAt: opensAt },
          },
        ]
      : []),
  ];
};
