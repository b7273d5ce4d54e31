import type { Card } from './card.ts';
import type { DeclineCode } from './decline-code.ts';
import type { ThreeDSecurePassThrough } from './three-d-secure-pass-through.ts';

/**
 * The acquirer behind Wattle, as real processors answer: with their own reference for a payment,
 * declines with the raw code kept, 3-D Secure they run themselves, outcomes that are pending (the
 * processor took the request and tells the result later, by notification) and outcomes that are
 * unknown (a timeout, a 5xx: the payment may exist). Implemented by the simulator
 * (packages/processor) and by the Adyen connector (packages/adyen).
 *
 * Every operation is keyed by our own token (the payment's, or the refund's): the processor's
 * idempotency key is derived from it and the operation, so a call sent again after a crash or an
 * unknown outcome moves no money twice. The processor is told our `reference` of it (the token and
 * its account: processorReferenceOf), which its notifications name back. Every operation is bounded by `deadline`: aborted, the call
 * answers what it can prove, `unknown` when the request may have reached the processor.
 *
 * Writing a connector: an answer says only what it proves about the money.
 * - Failed or declined means the processor refused, or never had, the request: nothing was
 *   taken, and a client may pay again. Anything that may hide a payment (a timeout, a 5xx, a
 *   `received` that only says the request was taken) is `unknown`, `pending` or `cancel_requested`,
 *   never a failure: Wattle then shows the payment Pending until something proves its outcome.
 * - What proves an outcome later: a look-up (`resolve` answering approved, declined or
 *   not_processed), a notification of the processor's (readNotifications: every one it can send
 *   about a payment, capture, cancellation or refund, including those that contradict what
 *   Wattle believed, e.g. a capture after a void, a cancellation that failed), or a guarantee
 *   the processor documents (say so beside the mapping that relies on it).
 * - Each notification names our reference, and the payment's own processor reference when it is
 *   about a payment made earlier (`paymentProcessorReference`): Wattle applies it only to the
 *   payment that reference is of.
 * - Keys: the same operation on the same token is sent with the same idempotency key, so a retry
 *   of a call whose answer was lost is carried out once.
 */
export interface PaymentProcessor {
  /** What the processor is, as recorded on a payment it handled (`simulator`, `adyen`). */
  readonly name: string;
  authorise(input: ProcessorAuthorisation): Promise<AuthorisationOutcome>;
  /** Finishes an `action_required` authorisation once the payer is back from the issuer's page. */
  completeAuthentication(input: AuthenticationCompletion): Promise<AuthorisationOutcome>;
  capture(input: ProcessorCapture): Promise<ModificationOutcome>;
  void(input: ProcessorVoid): Promise<ModificationOutcome>;
  refund(input: ProcessorRefund): Promise<ModificationOutcome>;
  /**
   * Asks after a payment whose authorisation is `unknown`, by our reference alone (the processor's
   * is not known): a processor that can look the payment up answers what became of it; one that
   * cannot (Adyen) cancels whatever the reference made, and answers `cancel_requested`: what the
   * cancel did, and so whether anything was taken, its notification tells (ResolutionOutcome).
   */
  resolve(input: ProcessorResolution): Promise<ResolutionOutcome>;
  /**
   * Reads and verifies a delivery of the processor's notifications: at once (a signature checked
   * with the account's key: Adyen's HMAC), or by asking the processor (PayPal's
   * verify-webhook-signature call). A check the processor cannot answer throws (the delivery is
   * answered 5xx, and sent again).
   */
  readNotifications(delivery: NotificationDelivery): NotificationReading | Promise<NotificationReading>;
  /** Whether the card can take part in 3-D Secure. */
  supportsThreeDSecure(card: Card): boolean;
}

/** What every call carries: when it must give up. */
export interface ProcessorCall {
  /** Aborted when the work in hand must answer (the invocation's deadline). */
  deadline: AbortSignal;
}

/** Money in minor units (cents), as both Pin and the processors count it. */
export interface ProcessorAmount {
  amount: number;
  currency: string;
}

/** The card as the processor needs it: the stored card with its full number, the CVC when sent. */
export interface ProcessorCard {
  card: Card;
  number: string;
  /**
   * The CVC the merchant sent with the card's details (a charge's `card[cvc]`, or POST /cards'
   * for the token's one charge), on that payment's authorisation only: held sealed until it is
   * settled, then gone. Absent on a customer's stored card: its CVC is never kept. Every
   * connector sends it to its acquirer when present, and never logs, keeps or echoes it.
   */
  cvc?: string | undefined;
}

/**
 * Who starts a payment, and with what card: what the card schemes' rules for stored cards
 * (credential-on-file: customer- or merchant-initiated, scheduled or not) make every acquirer
 * ask to be told. Wattle keeps the cards itself (a customer's card is stored with no payment),
 * so the acquirer never stores one: it is told what each payment is.
 *
 * - `new_card`: the payer, with a card entered for this payment (`card[...]`, a card token, a
 *   payment source), kept for nothing later;
 * - `stored_card`: the payer, with a card the merchant keeps for them (a customer's card,
 *   charged by `customer_token` or by its token);
 * - `subscription_start`: the first payment of a subscription on the customer's stored card
 *   (its start, or its reactivation): the payer agrees to the renewals that follow;
 * - `subscription_renewal`: the merchant, on the subscription's schedule, the payer absent (a
 *   renewal's bill, and a retry of it).
 *
 * Every connector must tell its acquirer: a card-not-present payment by the payer (`new_card`),
 * a customer-initiated payment on a stored card (`stored_card`), the first payment of a
 * recurring agreement (`subscription_start`), and a merchant-initiated recurring payment
 * (`subscription_renewal`), in the acquirer's own terms (Adyen: `shopperInteraction` and
 * `recurringProcessingModel`, docs/operations/adyen.md); a connector whose acquirer stores cards
 * must never be asked to store one (Wattle holds the card). The simulator ignores it.
 */
export type PaymentInitiation = 'new_card' | 'stored_card' | 'subscription_start' | 'subscription_renewal';

/**
 * How the payer authenticates: not at all, at the issuer's page the processor sends them to
 * (`redirect`: Pin's `three_d_secure` with `enabled`), or already, by the merchant's own 3-D Secure
 * server (`pass_through`: the values go to the processor as its authentication data).
 */
export type ProcessorThreeDSecure =
  | { mode: 'none' }
  | {
      mode: 'redirect';
      /** Where the issuer's page sends the payer back to Wattle, to complete the payment. */
      returnUrl: string;
    }
  | { mode: 'pass_through'; values: ThreeDSecurePassThrough };

export interface ProcessorAuthorisation extends ProcessorCall, ProcessorAmount {
  /** Our token of the charge or authorisation: the processor's key for it. */
  paymentToken: string;
  /** What the processor is told the payment is called (processorReferenceOf). */
  reference: string;
  card: ProcessorCard;
  /** Who starts the payment and with what card (see PaymentInitiation: every connector must tell it). */
  initiation: PaymentInitiation;
  /** Whether the processor captures at once (POST /charges capture=true) or waits for `capture`. */
  capture: boolean;
  threeDSecure: ProcessorThreeDSecure;
  /** Where a processor that needs one sends the payer back to after a redirect of its own choosing. */
  returnUrl: string;
  email?: string;
  ipAddress?: string;
}

/** The processor's code and text, kept as it sent them (for support and the docs' table). */
export interface RawOutcome {
  code: string;
  reason: string;
}

/** The issuer's page the payer is sent to, and what completing the payment needs afterwards. */
export interface ProcessorRedirect {
  url: string;
  method: 'GET' | 'POST';
  /** Form fields to POST to `url` (none for GET). */
  data: Record<string, string>;
  /** Opaque to the caller: kept with the payment and handed back to `completeAuthentication`. */
  completion: string;
}

/**
 * - approved: the funds are reserved (or, with `capture`, taken);
 * - declined: refused, with Pin's decline code and the processor's own;
 * - action_required: the payer must authenticate at `redirect` first;
 * - not_processed: proven that nothing was made (the request was refused as invalid, or never
 *   sent): the only outcome that may answer `gateway_error`, as a client retries that as new;
 * - unknown: the payment may exist; never shown as failed or succeeded until `resolve` or a
 *   notification settles it.
 */
export type AuthorisationOutcome =
  | { outcome: 'approved'; processorReference: string }
  | { outcome: 'declined'; decline: DeclineCode; raw: RawOutcome; processorReference?: string }
  | { outcome: 'action_required'; redirect: ProcessorRedirect; processorReference?: string }
  | { outcome: 'not_processed'; raw: RawOutcome }
  | { outcome: 'unknown'; reason: string; processorReference?: string };

export interface AuthenticationCompletion extends ProcessorCall {
  paymentToken: string;
  /** `ProcessorRedirect.completion`, as the authorisation gave it. */
  completion: string;
  /** What the payer's return to `returnUrl` carried (its query or form fields). */
  returned: Record<string, string>;
}

export interface ProcessorCapture extends ProcessorCall, ProcessorAmount {
  paymentToken: string;
  /** The payment's reference, as its authorisation told it. */
  reference: string;
  processorReference: string;
}

export interface ProcessorVoid extends ProcessorCall {
  paymentToken: string;
  /** The payment's reference, as its authorisation told it. */
  reference: string;
  processorReference: string;
}

export interface ProcessorRefund extends ProcessorCall, ProcessorAmount {
  /** Our token of the refund: the processor's key for it. */
  refundToken: string;
  /** What the processor is told the refund is called (processorReferenceOf, of the refund's token). */
  reference: string;
  paymentToken: string;
  processorReference: string;
}

/**
 * How a processor that sends no notification of its own (the simulator: nothing delivers one to
 * Wattle) ends a modification it took as pending: the notification it would send, applied
 * `afterSeconds` later (on the service's clock) by a scheduled job. A processor whose notifications
 * arrive by webhook (Adyen) gives none.
 */
export interface SelfSettlement {
  afterSeconds: number;
  /** Its `occurredAt` is the time it is applied. */
  notification: Omit<ProcessorNotification, 'occurredAt'>;
}

/**
 * A capture's, void's or refund's answer:
 * - succeeded: done;
 * - pending: the processor took it; a notification tells the outcome (and may tell of a failure),
 *   or, for a processor that sends none, its `settlement`;
 * - failed: refused, nothing moved;
 * - unknown: the request may have reached the processor; sent again with the same token, it is
 *   done at most once.
 */
export type ModificationOutcome =
  | { outcome: 'succeeded'; processorReference?: string }
  | { outcome: 'pending'; processorReference?: string; settlement?: SelfSettlement }
  | { outcome: 'failed'; raw: RawOutcome }
  | { outcome: 'unknown'; reason: string };

export interface ProcessorResolution extends ProcessorCall {
  paymentToken: string;
  /** The payment's reference, as its authorisation told it (what a cancel by reference names). */
  reference: string;
}

/**
 * What asking after an unknown authorisation proves:
 * - approved / declined: a processor that looks payments up found what became of it;
 * - not_processed: the processor proves it never had the payment: nothing can have been taken, so
 *   the payment fails with `gateway_error`;
 * - cancel_requested: the processor took a cancel of whatever the reference made, and tells what
 *   it did by notification. That proves only that the cancel was taken, not that nothing was
 *   captured (a payment captured at once cannot be cancelled): the payment stays unresolved
 *   (Pending) until the cancellation's notification (taken: nothing stands, it fails with
 *   `gateway_error`; refused: the payment stood, and is approved as the processor made it) or the
 *   authorisation's settles it;
 * - unknown: the resolution itself has no answer yet (ask again later).
 */
export type ResolutionOutcome =
  | { outcome: 'approved'; processorReference: string }
  | { outcome: 'declined'; decline: DeclineCode; raw: RawOutcome }
  | { outcome: 'cancel_requested'; processorReference?: string }
  | { outcome: 'not_processed'; raw?: RawOutcome }
  | { outcome: 'unknown'; reason: string };

/** One HTTP delivery of the processor's notifications, as it arrived. */
export interface NotificationDelivery {
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string;
}

export type NotificationKind =
  | 'authorisation'
  | 'capture'
  | 'capture_failed'
  | 'cancellation'
  | 'refund'
  | 'refund_failed'
  | 'refunded_reversed'
  | 'chargeback'
  | 'notification_of_chargeback'
  | 'chargeback_reversed'
  /** Any other event: acknowledged, nothing to do. */
  | 'other';

/** One notification, verified, in Wattle's terms. */
export interface ProcessorNotification {
  /** Stable across the processor's resends of the same notification: the key to apply it once. */
  id: string;
  kind: NotificationKind;
  /** The processor's event name as it sent it (AUTHORISATION, CAPTURE_FAILED, ...). */
  event: string;
  success: boolean;
  /**
   * Our reference of what it is about, as the processor was told it (processorReferenceOf): the
   * payment's (authorisation, capture, cancellation, chargeback) or the refund's (refund,
   * refund_failed, refunded_reversed).
   */
  reference: string;
  /** The processor's reference of this event (a capture's, a refund's, or the payment's own). */
  processorReference: string;
  /** The payment's processor reference, on events about a payment made earlier. */
  paymentProcessorReference?: string;
  amount: ProcessorAmount;
  /** The processor's reason (a refusal, a chargeback's reason), when it gave one. */
  reason?: string;
  /** A declined authorisation's Pin decline code. */
  decline?: DeclineCode;
  occurredAt: string;
  live: boolean;
}

/**
 * - accepted: every notification's signature held; `reply` is what the processor expects back;
 * - refused: the delivery is malformed or a signature is wrong: nothing of it may be applied.
 */
export type NotificationReading =
  | {
      verdict: 'accepted';
      notifications: ProcessorNotification[];
      reply: { status: number; contentType: string; body: string };
    }
  | { verdict: 'refused'; reason: string };
