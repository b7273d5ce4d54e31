import type { Environment } from './account.ts';
import type { Card, CardOwner } from './card.ts';
import { toTimestamp } from './clock.ts';
import { errorCatalogue, PinError } from './errors.ts';
import { idempotencyKeyRetentionSeconds } from './idempotency.ts';
import {
  authorisationLifetimeSeconds,
  type Payment,
  type PaymentKind,
  type PaymentTerms,
  type ThreeDSecure,
  threeDSecureSessionSeconds,
} from './payment.ts';
import type {
  AuthorisationOutcome,
  PaymentInitiation,
  ProcessorRedirect,
  RawOutcome,
  ResolutionOutcome,
} from './payment-processor.ts';
import { adjustedCaptureRefusal } from './platform-adjustment.ts';
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
  /** A subscription bill's charge: which (see Payment.initiation); absent on the merchant's own. */
  initiation?: PaymentInitiation | undefined;
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
    ...(order.initiation ? { initiation: order.initiation } : {}),
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
  reserved.recoveryDueAt
    ? new Date(reserved.recoveryDueAt)
    : new Date(
        Date.parse(reserved.createdAt) +
          (reserved.state === 'pending_3ds' ? threeDSecureSessionSeconds : recoveryDelaySeconds) * 1000,
      );

/** The fees of `amount` of a payment on its card and currency. */
const feesFor = (payment: Payment, amount: number): number =>
  chargeFees(payment.card, amount, payment.currency);

/**
 * What the processor answered about a payment's authorisation, asked (authorise, or completing
 * 3-D Secure) or resolved after an unknown outcome. `action_required` is answered apart (the payer
 * is sent to the processor's page first), so it is not here.
 */
export type PaymentAnswer = Exclude<AuthorisationOutcome, { outcome: 'action_required' }> | ResolutionOutcome;

/**
 * The raw code earlier versions gave a payment they failed when a cancel by our token was only
 * taken (before its notification was awaited): such a payment may have stood at the processor, and
 * a failed cancellation's notification refunds it.
 */
export const cancelledByReference = 'voided';

/** The raw code of a payment failed because the processor's notification told its cancel by our token was carried out. */
export const cancelCarriedOut = 'cancelled';

/**
 * What the processor's notification of a cancel by our reference proves, as an answer: taken,
 * nothing stands (never made, or cancelled before any capture); refused, the payment stood, as the
 * processor made it (`processorReference`: the payment's, as the notification names it).
 */
export const cancellationAnswer = (taken: boolean, processorReference: string): PaymentAnswer =>
  taken
    ? {
        outcome: 'not_processed',
        raw: { code: cancelCarriedOut, reason: 'Cancelled at the processor by our reference' },
      }
    : { outcome: 'approved', processorReference };

/** How long after an unresolved answer the recovery job asks the processor again. */
export const resolutionRetrySeconds = 5 * 60;

/**
 * The payment after the processor answered: authorised (for five days) or captured at once when
 * approved; failed when declined (Pin's code, the processor's own kept), and with `gateway_error`
 * only where nothing can exist at the processor (not processed: never made, or cancelled by our
 * token as its notification told); still `processing`, unresolved, when the answer is unknown or
 * only a cancel was taken: neither failed nor succeeded until something proves which.
 */
export const settledWith = (payment: Payment, answer: PaymentAnswer, now: Date): Payment => {
  const { unresolvedSince: _unresolved, recoveryDueAt: _due, ...rest } = payment;
  const failed = (decline: Payment['decline'], raw?: Payment['processorOutcome']): Payment => ({
    ...rest,
    state: 'failed',
    decline,
    totalFees: null,
    ...(raw ? { processorOutcome: raw } : {}),
  });
  switch (answer.outcome) {
    case 'unknown':
    case 'cancel_requested':
      return {
        ...payment,
        state: 'processing',
        unresolvedSince: payment.unresolvedSince ?? toTimestamp(now),
      };
    case 'declined':
      return {
        ...failed(answer.decline, answer.raw),
        ...('processorReference' in answer && answer.processorReference
          ? { processorReference: answer.processorReference }
          : {}),
      };
    case 'not_processed':
      return failed('gateway_error', answer.raw);
    case 'approved':
      return approved({ ...rest, processorReference: answer.processorReference });
  }
};

/** An approved payment: captured at once when asked to, else authorised for five days. */
const approved = (payment: Payment): Payment => {
  const fees = feesFor(payment, payment.amount);
  // A charge captured as it is made shows captured_at = created_at, as Pin's do.
  if (payment.captureOnSuccess)
    return { ...payment, state: 'captured', capturedAt: payment.createdAt, totalFees: fees };
  const expiresAt = new Date(Date.parse(payment.createdAt) + authorisationLifetimeSeconds * 1000);
  return { ...payment, state: 'authorised', expiresAt: expiresAt.toISOString(), totalFees: fees };
};

/**
 * An unresolved payment whose recovery job's run found it unknown again: its job is due again
 * later (the run's changes schedule it there).
 */
export const withResolutionRetry = (payment: Payment, now: Date): Payment => ({
  ...payment,
  recoveryDueAt: toTimestamp(new Date(now.getTime() + resolutionRetrySeconds * 1000)),
});

/** A 3-D Secure charge the processor sends the payer to authenticate with: still `pending_3ds`. */
export const awaitingPayer = (payment: Payment, redirect: ProcessorRedirect): Payment => ({
  ...payment,
  processorRedirect: redirect,
});

/** Whether the payment waits for its unknown outcome to be resolved. */
export const isUnresolved = (payment: Payment): boolean =>
  payment.state === 'processing' && payment.unresolvedSince !== undefined;

/** When an authorised payment's lease on its funds ends (null for any other state): its expiry. */
export const leaseEndOf = (payment: Payment): Date | null =>
  payment.state === 'authorised' && payment.expiresAt ? new Date(payment.expiresAt) : null;

/** An authorised payment voided (the state table allowed it: see transitionRefusal). */
export const voidedPayment = (payment: Payment, now: Date): Payment => ({
  ...payment,
  state: 'voided',
  voidedAt: toTimestamp(now),
});

/**
 * A payment Wattle voided whose void the processor refused: it stood, authorised as before (until
 * it expires), so it can be voided or captured again.
 */
export const voidRefused = (payment: Payment): Payment => ({
  ...payment,
  state: 'authorised',
  voidedAt: null,
});

/**
 * What a capture the processor tells of takes of a payment (authorised, or voided when the
 * processor captured first): the claim's amount when Wattle asked for it (ours, never the
 * notification's); else, one Wattle did not ask for, the amount the processor names when it is
 * in the payment's currency and within what was authorised (a charge only in full). Null when
 * nothing of ours says how much.
 */
export const toldCaptureAmount = (
  payment: Payment,
  told: { amount: number; currency: string },
): number | null => {
  if (payment.claim?.action === 'capture') return payment.claim.amount;
  if (told.currency !== payment.currency || told.amount <= 0 || told.amount > payment.amount) return null;
  return payment.kind === 'charge' && told.amount !== payment.amount ? null : told.amount;
};

/**
 * How the processor took a capture: at once, or `pending` (it tells the outcome later): the charge
 * shows captured either way, as Pin has no pending capture, and a pending one says so.
 */
export type CaptureTaken = 'succeeded' | 'pending';

const pendingMark = (taken: CaptureTaken) => (taken === 'pending' ? { capturePending: true } : {});

/** An authorised charge captured in full (the state table allowed it: see transitionRefusal). */
export const capturedCharge = (payment: Payment, now: Date, taken: CaptureTaken = 'succeeded'): Payment => ({
  ...payment,
  state: 'captured',
  capturedAt: toTimestamp(now),
  ...pendingMark(taken),
});

/** A pending capture the processor confirmed: the charge is captured as it showed. */
export const captureConfirmed = (charge: Payment): Payment => {
  const { capturePending: _, ...confirmed } = charge;
  return confirmed;
};

/**
 * A capture the processor failed after taking it: the charge is failed (`captured` false, no
 * fees), its decline `processing_error`, the processor's reason kept. Its proceeds are taken back.
 */
export const captureFailed = (charge: Payment, raw: RawOutcome): Payment => {
  const { capturePending: _, ...rest } = charge;
  return {
    ...rest,
    state: 'failed',
    decline: 'processing_error',
    capturedAt: null,
    totalFees: null,
    processorOutcome: raw,
  };
};

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
  taken: CaptureTaken = 'succeeded',
): { authorisation: Payment; charge: Payment } => {
  const at = toTimestamp(now);
  return {
    authorisation: {
      ...authorisation,
      state: 'captured',
      capturedAt: at,
      amountCaptured: amount,
      captureChargeToken: chargeToken,
    },
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
      ...pendingMark(taken),
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
export const recoveryOf = (payment: Payment | null): 'finish' | 'resolve' | 'decline' | 'drop' => {
  if (payment?.state === 'processing') return isUnresolved(payment) ? 'resolve' : 'finish';
  return payment?.state === 'pending_3ds' ? 'decline' : 'drop';
};

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
  // An unknown outcome is the recovery job's to resolve: the retry answers it Pending as it stands.
  if (earlier.state === 'processing' && !isUnresolved(earlier)) return 'finish';
  if (earlier.state === 'pending_3ds' && earlier.threeDSecure) return 'await_payer';
  return 'answer';
};

/** A declined payment is recorded; the error names it, as Pin's does. */
export const declined = (payment: Payment): PinError =>
  new PinError(payment.decline!, {
    description: errorCatalogue[payment.decline!].description,
    payment: { kind: payment.kind, token: payment.token },
  });
