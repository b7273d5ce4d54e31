import type { Environment } from './account.ts';
import type { Card } from './card.ts';
import type { AuthoriseOutcome } from './card-processor.ts';
import { toTimestamp } from './clock.ts';
import { PinError } from './errors.ts';
import { idempotencyKeyRetentionSeconds } from './idempotency.ts';
import {
  authorisationLifetimeSeconds,
  type Payment,
  type PaymentKind,
  type PaymentTerms,
  type ThreeDSecure,
  threeDSecureSessionSeconds,
} from './payment.ts';
import { adjustedCaptureRefusal } from './platform-adjustment.ts';
import type { CardOwner } from './presenters.ts';
import { chargeFees } from './pricing.ts';
import { isThreeDSecurePassThrough, type ThreeDSecurePassThrough } from './three-d-secure-pass-through.ts';

/**
 * The payment state machine's decisions: what a payment becomes when it is reserved, settled with
 * the processor's answer, voided, captured, answered or left unanswered at 3-D Secure, recovered
 * after a crash, or asked for again under the same Idempotency-Key. The flows ask the processor
 * and the store; every new state is made here.
 */

/** The token prefix of a payment of `kind`. */
export const paymentPrefix = (kind: PaymentKind): 'ch' | 'auth' => (kind === 'charge' ? 'ch' : 'auth');

/** What a POST /charges or POST /authorisations asks for, besides the card. */
export interface PaymentOrder extends PaymentTerms {
  kind: PaymentKind;
  /** POST /charges capture (default true); authorisations are never captured at once. */
  capture: boolean;
}

/** The card a payment uses and whose it is. */
export interface PaymentCard {
  card: Card;
  owner: CardOwner;
  /** The customer whose charges list shows the payment (customer_token charges). */
  customerToken: string | null;
}

export interface ThreeDSecureAsk {
  enabled: boolean;
  callbackUrl: string;
  fallbackOk: boolean;
}

/**
 * Whether the payer must pass 3-D Secure. It runs in the live environment, for cards that take
 * part in it (`cardTakesPart`, the processor's answer); elsewhere the charge goes on without it
 * when `fallback_ok` allows, and is refused otherwise.
 */
export const wantsThreeDSecure = (
  asked: ThreeDSecureAsk | null,
  environment: Environment,
  cardTakesPart: boolean,
): boolean => {
  if (!asked?.enabled) return false;
  if (environment === 'live' && cardTakesPart) return true;
  if (asked.fallbackOk) return false;
  throw new PinError('three_d_secure_unavailable');
};

/**
 * 3-D Secure for a payment being reserved: the session the payer must pass, or the merchant's
 * own authentication, passed through.
 */
export type ReservedThreeDSecure =
  | { sessionToken: string; ask: ThreeDSecureAsk }
  | { passThrough: ThreeDSecurePassThrough };

/**
 * What 3-D Secure does for a payment: nothing, a session the payer must pass (its token from
 * `sessionToken`) when the card takes part, or the merchant's own authentication passed through,
 * in either environment.
 */
export const threeDSecureFor = (
  asked: ThreeDSecureAsk | ThreeDSecurePassThrough | null,
  environment: Environment,
  cardTakesPart: boolean,
  sessionToken: () => string,
): ReservedThreeDSecure | null => {
  if (asked && isThreeDSecurePassThrough(asked)) return { passThrough: asked };
  return wantsThreeDSecure(asked, environment, cardTakesPart) && asked
    ? { sessionToken: sessionToken(), ask: asked }
    : null;
};

/**
 * The payment as it is reserved, before the processor is asked: `processing` (with the
 * pass-through authentication it carries, if any), or `pending_3ds` with its session when the
 * payer must pass 3-D Secure first.
 */
export const reservedPayment = (
  order: PaymentOrder,
  token: string,
  source: PaymentCard,
  threeDSecure: ReservedThreeDSecure | null,
  now: Date,
): Payment => {
  const session = threeDSecure && 'sessionToken' in threeDSecure ? threeDSecure : null;
  return {
    kind: order.kind,
    token,
    state: session ? 'pending_3ds' : 'processing',
    captureOnSuccess: order.kind === 'charge' && order.capture,
    amount: order.amount,
    currency: order.currency,
    description: order.description,
    email: order.email,
    ipAddress: order.ipAddress,
    reference: order.reference,
    metadata: order.metadata,
    ...(order.platformAdjustment ? { platformAdjustment: order.platformAdjustment } : {}),
    card: source.card,
    cardOwner: source.owner,
    customerToken: source.customerToken,
    createdAt: toTimestamp(now),
    decline: null,
    capturedAt: null,
    voidedAt: null,
    expiresAt: null,
    authorisationToken: null,
    amountCaptured: 0,
    amountRefunded: 0,
    pendingRefunds: 0,
    totalFees: null,
    threeDSecure: session && {
      sessionToken: session.sessionToken,
      callbackUrl: session.ask.callbackUrl,
      fallbackOk: session.ask.fallbackOk,
      result: null,
    },
    ...(threeDSecure && 'passThrough' in threeDSecure
      ? { threeDSecurePassThrough: threeDSecure.passThrough }
      : {}),
  };
};

/** How long a reserved payment may stay unsettled before the recovery job finishes it. */
export const recoveryDelaySeconds = 2 * 60;

/**
 * When the recovery job of a reserved payment (processing, or pending_3ds) falls due, from the
 * payment alone (its creation, to the second): soon after the reservation, past any request that
 * could still settle it; for a 3-D Secure charge, its session's end (unanswered by then, it is
 * declined). The reservation schedules the job by it, and every settlement names it to remove the
 * job without reading it.
 */
export const paymentRecoveryDueAt = (reserved: Payment): Date =>
  new Date(
    Date.parse(reserved.createdAt) +
      (reserved.state === 'pending_3ds' ? threeDSecureSessionSeconds : recoveryDelaySeconds) * 1000,
  );

/** The fees of `amount` of a payment on its card and currency. */
const feesFor = (payment: Payment, amount: number): number =>
  chargeFees(payment.card, amount, payment.currency);

/** The payment after the processor answered: failed, authorised (for five days), or captured at once. */
export const settledWith = (payment: Payment, outcome: AuthoriseOutcome): Payment => {
  if (!outcome.approved) return { ...payment, state: 'failed', decline: outcome.decline, totalFees: null };
  const fees = feesFor(payment, payment.amount);
  // A charge captured as it is made shows captured_at = created_at, as Pin's do.
  if (payment.captureOnSuccess)
    return { ...payment, state: 'captured', capturedAt: payment.createdAt, totalFees: fees };
  const expiresAt = new Date(Date.parse(payment.createdAt) + authorisationLifetimeSeconds * 1000);
  return { ...payment, state: 'authorised', expiresAt: expiresAt.toISOString(), totalFees: fees };
};

/** When an authorised payment's lease on its funds ends (null for any other state): its expiry. */
export const leaseEndOf = (payment: Payment): Date | null =>
  payment.state === 'authorised' && payment.expiresAt ? new Date(payment.expiresAt) : null;

/** An authorised payment voided (the state table allowed it: see transitionRefusal). */
export const voidedPayment = (payment: Payment, now: Date): Payment => ({
  ...payment,
  state: 'voided',
  voidedAt: toTimestamp(now),
});

/** An authorised charge captured in full (the state table allowed it: see transitionRefusal). */
export const capturedCharge = (payment: Payment, now: Date): Payment => ({
  ...payment,
  state: 'captured',
  capturedAt: toTimestamp(now),
});

/**
 * Why `amount` cannot be captured of an authorisation, or null when it can: at most what was
 * authorised, and enough to bear its platform adjustment after the fees.
 */
export const authorisationCaptureRefusal = (authorisation: Payment, amount: number): PinError | null =>
  amount > authorisation.amount
    ? new PinError('invalid_resource', {
        messages: [
          {
            param: 'amount',
            code: 'amount_invalid',
            message: `Amount must be no more than the authorised amount of ${authorisation.amount}`,
          },
        ],
      })
    : adjustedCaptureRefusal(
        authorisation.platformAdjustment,
        authorisation.card,
        amount,
        authorisation.currency,
      );

/**
 * Capturing `amount` of an authorisation: the authorisation, captured (the rest of its
 * reservation released), and the new charge `chargeToken` that names it, with its own fees.
 */
export const authorisationCapture = (
  authorisation: Payment,
  amount: number,
  chargeToken: string,
  now: Date,
): { authorisation: Payment; charge: Payment } => {
  const at = toTimestamp(now);
  return {
    authorisation: { ...authorisation, state: 'captured', capturedAt: at, amountCaptured: amount },
    charge: {
      ...authorisation,
      kind: 'charge',
      token: chargeToken,
      state: 'captured',
      captureOnSuccess: true,
      amount,
      createdAt: at,
      capturedAt: at,
      expiresAt: null,
      authorisationToken: authorisation.token,
      amountCaptured: 0,
      totalFees: feesFor(authorisation, amount),
    },
  };
};

/** A 3-D Secure charge with the payer's answer, or `expired` when none came by the session's end. */
export const withThreeDSecureResult = (
  payment: Payment,
  result: NonNullable<ThreeDSecure['result']>,
): Payment => ({
  ...payment,
  threeDSecure: payment.threeDSecure && { ...payment.threeDSecure, result },
});

/** A 3-D Secure charge the payer did not authenticate (failed, or no answer in time): declined. */
export const threeDSecureDeclined = (payment: Payment): Payment => ({
  ...payment,
  state: 'failed',
  decline: 'card_declined',
});

/**
 * What the payment-recovery job does when it falls due: a payment still `processing` (a crash
 * between reserving and settling) is finished; one still waiting for 3-D Secure at its session's
 * end is declined; anything else was settled since, and the job is dropped.
 */
export const recoveryOf = (payment: Payment | null): 'finish' | 'decline' | 'drop' =>
  payment?.state === 'processing' ? 'finish' : payment?.state === 'pending_3ds' ? 'decline' : 'drop';

/** Whether a payment is the one `order` asks for: what a retry of the same request would send. */
const sameTerms = (payment: Payment, order: PaymentOrder): boolean =>
  payment.kind === order.kind &&
  payment.amount === order.amount &&
  payment.currency === order.currency &&
  payment.description === order.description &&
  payment.email === order.email &&
  payment.platformAdjustment?.amount === order.platformAdjustment?.amount;

/**
 * A payment request whose Idempotency-Key names a payment that exists (`earlier`, null when
 * another merchant's or kind's): a retry of the same request, within the key's retention, finishes
 * that payment if its attempt died after reserving it (`finish`), sends the payer back to 3-D
 * Secure (`await_payer`), or answers with it as it stands (`answer`). Anything else reused the key.
 */
export const resumptionOf = (
  earlier: Payment | null,
  order: PaymentOrder,
  now: Date,
): 'finish' | 'await_payer' | 'answer' => {
  if (!earlier || !sameTerms(earlier, order)) throw new PinError('idempotency_key_reused');
  // Past the key's retention, the key is no retry's any more.
  if (now.getTime() - Date.parse(earlier.createdAt) > idempotencyKeyRetentionSeconds * 1000) {
    throw new PinError('idempotency_key_reused', {
      description: 'This Idempotency-Key named a payment made more than a day ago. Use a new key.',
    });
  }
  if (earlier.state === 'processing') return 'finish';
  if (earlier.state === 'pending_3ds' && earlier.threeDSecure) return 'await_payer';
  return 'answer';
};
