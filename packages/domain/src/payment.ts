import type { Card, CardOwner } from './card.ts';
import type { DeclineCode } from './decline-code.ts';
import type { ChargeDispute, DisputeCase } from './dispute-case.ts';
import type { ErrorCode } from './errors.ts';
import type { Metadata } from './metadata.ts';
import type {
  AuthorisationOutcome,
  PaymentInitiation,
  ProcessorRedirect,
  RawOutcome,
} from './payment-processor.ts';
import type { PlatformAdjustment } from './platform-adjustment.ts';
import type { ThreeDSecurePassThrough } from './three-d-secure-pass-through.ts';
import type { TransferLink } from './transfer.ts';

/**
 * A charge or an authorisation: one record type, two resources (`ch_`, `auth_`) and two
 * presenters. States:
 * - processing: the card is being authorised (a crash here is finished by the recovery job), or
 *   the processor's answer was unknown (`unresolvedSince`: the recovery job resolves it);
 * - pending_3ds: waiting for the payer at the issuer's 3-D Secure page;
 * - failed: declined; authorised: funds reserved (capture=false, or an authorisation);
 * - captured; voided.
 */
export type PaymentState = 'processing' | 'pending_3ds' | 'failed' | 'authorised' | 'captured' | 'voided';

export type PaymentKind = 'charge' | 'authorisation';

export interface ThreeDSecure {
  sessionToken: string;
  callbackUrl: string;
  fallbackOk: boolean;
  /** The payer's answer at the issuer page, once given; `expired` when none came in time. */
  result: 'authenticated' | 'failed' | 'expired' | null;
}

/**
 * How long a payer has to answer at the issuer page before the charge is declined and its card
 * number dropped (Pin does not document its own; EMV 3-D Secure challenges time out sooner).
 */
export const threeDSecureSessionSeconds = 30 * 60;

/** What the merchant asks to be paid: the same on the request and on the stored payment. */
export interface PaymentTerms {
  amount: number;
  currency: string;
  description: string;
  email: string;
  ipAddress: string;
  reference: string | null;
  metadata: Metadata;
  /** What a platform withholds from the merchant's proceeds (absent when none was asked for). */
  platformAdjustment?: PlatformAdjustment;
}

export interface Payment extends PaymentTerms {
  kind: PaymentKind;
  token: string;
  state: PaymentState;
  /** Whether a successful authorisation is captured at once (POST /charges capture=true). */
  captureOnSuccess: boolean;
  card: Card;
  cardOwner: CardOwner;
  /** The customer whose charges list shows it (customer_token charges). */
  customerToken: string | null;
  createdAt: string;
  decline: DeclineCode | null;
  capturedAt: string | null;
  voidedAt: string | null;
  /** When an authorised payment can no longer be captured (five days after creation). */
  expiresAt: string | null;
  /** A charge made by capturing an authorisation names it. */
  authorisationToken: string | null;
  /** An authorisation that was captured: how much. */
  amountCaptured: number;
  amountRefunded: number;
  pendingRefunds: number;
  totalFees: number | null;
  threeDSecure: ThreeDSecure | null;
  /**
   * The merchant's own 3-D Secure authentication the charge was made with (absent on others,
   * and on payments recorded before it was kept). Pin's charge object does not show it.
   */
  threeDSecurePassThrough?: ThreeDSecurePassThrough;
  /**
   * Days from capture until the proceeds are available, when not `settlementDelayDays` (the
   * instant-proceeds test card's 0). A charge made by capturing an authorisation keeps it.
   */
  settlementDelayDays?: number;
  /** The transfers that paid this charge's proceeds out, oldest first (none until one does). */
  transfers?: TransferLink[];
  /** A dispute test card's case: the simulated issuer disputes the charge after capture. */
  disputeCase?: DisputeCase;
  /** The dispute the issuer opened (absent: none); a disputed charge is refundable no more. */
  dispute?: ChargeDispute;
  /**
   * The processor account it was made on (`adyen-au`, `simulator`), chosen when it is reserved:
   * every later call about it (capture, void, refund, the recovery of an unknown outcome) and every
   * notification that may change it are that account's, whatever the deployment's default is
   * later. Absent on payments recorded before accounts were kept: those are the live default's
   * (ProcessorOf). Never shown to the merchant.
   */
  processorAccount?: string;
  /**
   * The accounts its merchant's routing chose for it, in the order they may be tried (routeOf):
   * `processorAccount` is the one of its current attempt. Absent on payments reserved before
   * routing. Never shown in Pin's JSON.
   */
  route?: string[];
  /**
   * Every authorisation asked of an account, in order (PaymentAttempt): the next account is tried
   * only after a `not_processed` answer (failoverOf), and each attempt is written before its
   * account is asked. Shown on the dashboard's charge page and logged, never in Pin's JSON.
   */
  attempts?: PaymentAttempt[];
  /**
   * The processor's own reference of the payment, once it answered with one (absent before, and
   * on payments recorded before it was kept). Pin has no field for it: never shown to the merchant.
   */
  processorReference?: string;
  /** The processor's own code and text of a decline or a failure, kept as it sent them (support). */
  processorOutcome?: RawOutcome;
  /**
   * When the processor's answer was found unknown (a timeout, a 5xx: the payment may exist at the
   * processor). The payment stays `processing`, shown Pending, until its recovery job resolves it
   * through the processor (looked up, or cancelled by our token); never authorised again.
   */
  unresolvedSince?: string;
  /** When its recovery job is due, when not as its reservation scheduled it (a resolution retried). */
  recoveryDueAt?: string;
  /**
   * A capture the processor took but has not confirmed: the charge shows captured (Pin has no
   * pending capture) and its proceeds are credited; the processor's notification ends it, and a
   * failed capture takes the charge and its proceeds back.
   */
  capturePending?: boolean;
  /**
   * Where the processor sends the payer for its 3-D Secure, and what completing the payment needs
   * afterwards (a `pending_3ds` charge whose processor asked for it). Never shown to the merchant.
   */
  processorRedirect?: ProcessorRedirect;
  /** An authorisation that was captured: the charge its capture made (the processor names the authorisation). */
  captureChargeToken?: string;
  /**
   * Who started it, where its card's owner does not say: a subscription bill's charge (its start,
   * or a renewal). Absent, the payer did (initiationOf). Never shown to the merchant.
   */
  initiation?: PaymentInitiation;
  /**
   * The void or capture of this authorised payment the processor is being asked for (absent: none).
   * Written before the processor is asked, on condition that the payment is authorised and
   * unclaimed (or claimed by the same action: a retry asks again with the same key), so of two
   * racing requests only one reaches the processor; the void or capture's commit needs it, and
   * removes it. A refusal of the processor gives it back; an unknown answer keeps it until the
   * same action is asked again, or the processor's notification settles it.
   */
  claim?: PaymentClaim;
}

/**
 * An authorisation asked of one account, kept on the payment: written (without an outcome) before
 * the account is asked, so a crash, a retry with the same Idempotency-Key or a recovery knows
 * where the payment may exist; its outcome written with the answer. Never shown in Pin's JSON.
 */
export interface PaymentAttempt {
  account: string;
  startedAt: string;
  outcome?: AuthorisationOutcome['outcome'];
  endedAt?: string;
}

/**
 * What the processor is told the payment is (PaymentInitiation): a subscription bill's charge as
 * it was made; any other by its card, a customer's stored card or one entered for it.
 */
export const initiationOf = (payment: Payment): PaymentInitiation =>
  payment.initiation ?? (payment.cardOwner.customerToken ? 'stored_card' : 'new_card');

/** A void or capture in flight at the processor: what it asks (a capture's amount with it). */
export type PaymentClaim = { action: 'void' } | { action: 'capture'; amount: number };

/** Whether two claims ask the processor the same thing (the same action, the same amount). */
export const sameClaim = (a: PaymentClaim | undefined, b: PaymentClaim): boolean =>
  a?.action === b.action && (a.action === 'void' || (b.action === 'capture' && a.amount === b.amount));

/**
 * Why `claim` cannot be made on an authorised payment another claim holds, or null when it can
 * (none holds it, or the same one: a retry). The loser answers as the winner's action will leave
 * the payment: a void lost to a capture is already_captured, anything lost to a void already_voided.
 */
export const claimRefusal = (payment: Payment, claim: PaymentClaim): ErrorCode | null => {
  if (!payment.claim || sameClaim(payment.claim, claim)) return null;
  return payment.claim.action === 'capture' ? 'already_captured' : 'already_voided';
};

/** Authorised charges and authorisations expire five days after creation (Pin's reference over seven). */
export const authorisationLifetimeSeconds = 5 * 24 * 60 * 60;

export const isExpiredAuthorisation = (payment: Payment, now: Date): boolean =>
  payment.state === 'authorised' &&
  payment.expiresAt !== null &&
  Date.parse(payment.expiresAt) <= now.getTime();

/**
 * Why a void or capture cannot happen, as Pin's state table answers, or null when it can.
 * `amount` is the capture amount asked for on the charges API (only the full amount).
 */
export const transitionRefusal = (
  payment: Payment,
  action: 'void' | 'capture',
  now: Date,
  amount?: number,
): ErrorCode | null => {
  switch (payment.state) {
    case 'failed':
    case 'processing':
    case 'pending_3ds':
      return 'bad_authorisation';
    case 'captured':
      return 'already_captured';
    case 'voided':
      return 'already_voided';
    case 'authorised':
      if (isExpiredAuthorisation(payment, now)) return 'authorisation_expired';
      if (action === 'capture' && amount !== undefined && amount !== payment.amount)
        return 'invalid_capture_amount';
      return null;
  }
};

/**
 * What may still be refunded of a captured charge: the one answer for the refund's check and for
 * the attribute the store keeps beside the payment, which a refund's write conditions on.
 */
export const refundable = (payment: Payment): number =>
  payment.state === 'captured' && !payment.dispute ? payment.amount - payment.amountRefunded : 0;

/** The fees a payment bears: an approved one's (authorised or captured); none declined, voided or pending. */
export const feesOf = (payment: Payment): number | null =>
  payment.state === 'authorised' || payment.state === 'captured' ? payment.totalFees : null;

/**
 * What the merchant is owed of a charge: its amount less its fees and less what a platform
 * withholds (its platform adjustment). The one answer for the charge's `merchant_entitlement`,
 * for the proceeds a capture credits to the balance, and for what a transfer's line item pays.
 */
export const merchantEntitlement = (
  payment: Pick<Payment, 'amount' | 'totalFees' | 'platformAdjustment'>,
): number => payment.amount - (payment.totalFees ?? 0) - (payment.platformAdjustment?.amount ?? 0);

/** The status message Pin shows for a payment. */
export const statusMessage = (payment: Payment): string => {
  switch (payment.state) {
    case 'voided':
      return 'Authorisation Voided';
    case 'pending_3ds':
    case 'processing':
      return 'Pending';
    case 'failed':
      return 'Declined';
    default:
      return 'Success';
  }
};
