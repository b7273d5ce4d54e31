import {
  type AuthorisationOutcome,
  type CardHolder,
  countryCode,
  type ModificationOutcome,
  type PaymentInitiation,
  type ProcessorAuthorisation,
  type RawOutcome,
} from '@wattle/domain';
import { paypalMoney } from './config.ts';
import { declineFor, refusedCardIssues } from './declines.ts';
import { PayPalAnswerError, PayPalNotSentError } from './http.ts';

/** An authorization's or a capture's processor response, as Orders v2 and Payments v2 give it. */
interface ProcessorResponse {
  response_code?: string;
  avs_code?: string;
  cvv_code?: string;
}

/** The parts of an authorization or capture (Payments v2) the connector reads. */
export interface PaymentResource {
  id?: string;
  status?: string;
  status_details?: { reason?: string };
  processor_response?: ProcessorResponse;
  custom_id?: string;
}

/** The parts of an order (Orders v2, with `Prefer: return=representation`) the connector reads. */
export interface Order {
  id?: string;
  intent?: string;
  status?: string;
  links?: { href?: string; rel?: string; method?: string }[];
  purchase_units?: {
    payments?: { authorizations?: PaymentResource[]; captures?: PaymentResource[] };
  }[];
}

/**
 * The processor reference of an authorization: the order's id and the authorization's, so a refund
 * of what its capture took finds the capture in the order (Payments v2 lists no captures of an
 * authorization), and a notification about it names it whole. A payment captured at once is known
 * by its capture's id alone.
 */
export const authorizationReference = (orderId: string, authorizationId: string): string =>
  `${orderId}/${authorizationId}`;

/** The order and authorization of a processor reference, or null for a capture's id. */
export const authorizationOf = (
  processorReference: string,
): { orderId: string; authorizationId: string } | null => {
  const [orderId, authorizationId, ...rest] = processorReference.split('/');
  return orderId && authorizationId && rest.length === 0 ? { orderId, authorizationId } : null;
};

/** The YYYY-MM expiry Orders v2 takes. */
const expiryOf = (card: CardHolder): string =>
  `${String(card.expiryYear).padStart(4, '0')}-${String(card.expiryMonth).padStart(2, '0')}`;

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The card's billing address as Orders v2 takes it (`address_portable`: its `country_code` two
 * letters, ISO 3166-1): Pin merchants send the country as they like ("Australia", "au"), so it is
 * mapped to its ISO code (the domain's country list); an address whose country maps to none is
 * not sent at all (PayPal would refuse the order, and the address is optional).
 */
export const billingAddressOf = (card: CardHolder): Record<string, string> | undefined => {
  const country = countryCode(card.addressCountry ?? '');
  if (!country) return undefined;
  const fields: Record<string, string | undefined> = {
    address_line_1: text(card.addressLine1),
    address_line_2: text(card.addressLine2),
    admin_area_2: text(card.addressCity),
    admin_area_1: text(card.addressState),
    postal_code: text(card.addressPostcode),
    country_code: country,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => !!entry[1]));
};

/**
 * What PayPal is told the payment is (PaymentInitiation) as `stored_credential`: a card entered now
 * is no stored credential (none sent); a customer's stored card is the payer's, unscheduled, a
 * subsequent use; a subscription's first payment is the payer's, recurring, the first use; a
 * renewal is the merchant's, recurring, a subsequent use (and goes without a security code, as the
 * definition requires of a merchant-initiated payment). Never `attributes.vault`: Wattle keeps the
 * card, PayPal is never asked to.
 */
export const storedCredentialOf = (initiation: PaymentInitiation) => {
  switch (initiation) {
    case 'new_card':
      return undefined;
    case 'stored_card':
      return { payment_initiator: 'CUSTOMER', payment_type: 'UNSCHEDULED', usage: 'SUBSEQUENT' };
    case 'subscription_start':
      return { payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 'FIRST' };
    case 'subscription_renewal':
      return { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' };
  }
};

/**
 * POST /v2/checkout/orders for a card sent in full (`payment_source.card`: the account must be
 * allowed to send card data, PCI SAQ D): intent CAPTURE for a charge captured at once, AUTHORIZE for
 * Pin's capture=false and authorisations; the amount in the currency's decimals; our reference as
 * the purchase unit's `custom_id` (what the authorization, the capture and their notifications
 * carry back). 3-D Secure when Pin asks for it: `attributes.verification.method: SCA_ALWAYS`
 * (PayPal's field for it, newer than the published definition in test/vendor/paypal, which allows
 * it as an extra property) with the return URL, the payer sent to the payer-action link.
 */
export const orderRequestOf = (input: ProcessorAuthorisation): Record<string, unknown> => {
  const { card, number, cvc } = input.card;
  const storedCredential = storedCredentialOf(input.initiation);
  const merchantInitiated = storedCredential?.payment_initiator === 'MERCHANT';
  const billingAddress = billingAddressOf(card);
  const redirect = input.threeDSecure.mode === 'redirect' ? input.threeDSecure.returnUrl : undefined;
  return {
    intent: input.capture ? 'CAPTURE' : 'AUTHORIZE',
    purchase_units: [{ custom_id: input.reference, amount: paypalMoney(input) }],
    payment_source: {
      card: {
        ...(text(card.name) ? { name: text(card.name) } : {}),
        number,
        expiry: expiryOf(card),
        ...(cvc && !merchantInitiated ? { security_code: cvc } : {}),
        ...(billingAddress ? { billing_address: billingAddress } : {}),
        ...(storedCredential ? { stored_credential: storedCredential } : {}),
        ...(redirect ? { attributes: { verification: { method: 'SCA_ALWAYS' } } } : {}),
        ...(redirect ? { experience_context: { return_url: redirect, cancel_url: redirect } } : {}),
      },
    },
  };
};

/** What the completion of a 3-D Secure order needs: the order, and whether it captures or authorizes. */
export interface PayPalCompletion {
  orderId: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
}

const rawOf = (resource: PaymentResource, fallback: string): RawOutcome => ({
  code: resource.processor_response?.response_code ?? resource.status ?? fallback,
  reason: [resource.status, resource.status_details?.reason].filter(Boolean).join(' ') || fallback,
});

/**
 * An order's answer (its creation, or its authorize or capture after 3-D Secure) in the port's
 * terms. A capture COMPLETED is approved (known by the capture's id); an authorization CREATED is
 * approved (known by the order's and the authorization's id); DECLINED, FAILED or DENIED are
 * declines, their Pin code from the processor's response code. A PENDING one may yet be taken or
 * refused: unknown, for its notification to settle. PAYER_ACTION_REQUIRED with a payer-action link
 * is action_required when Wattle asked for 3-D Secure; when it did not, there is no payer to send
 * (PayPal's own rules asked for it): a decline, as nothing is taken until the payer acts, and a
 * payer never given the link cannot. Anything else leaves the outcome unknown.
 */
export const orderOutcomeOf = (order: Order, askedForThreeDSecure: boolean): AuthorisationOutcome => {
  const status = String(order.status ?? '');
  if (status === 'PAYER_ACTION_REQUIRED') {
    const link = order.links?.find((candidate) => candidate.rel === 'payer-action');
    if (!askedForThreeDSecure)
      return {
        outcome: 'declined',
        decline: 'card_declined',
        raw: {
          code: 'PAYER_ACTION_REQUIRED',
          reason: 'PayPal asked for 3-D Secure, which the payment did not ask for',
        },
      };
    if (link?.href && order.id && (order.intent === 'CAPTURE' || order.intent === 'AUTHORIZE')) {
      const completion: PayPalCompletion = { orderId: order.id, intent: order.intent };
      return {
        outcome: 'action_required',
        redirect: { url: link.href, method: 'GET', data: {}, completion: JSON.stringify(completion) },
      };
    }
    return { outcome: 'unknown', reason: 'PayPal answered PAYER_ACTION_REQUIRED with no payer-action link' };
  }
  const payments = order.purchase_units?.[0]?.payments;
  const capture = payments?.captures?.[0];
  const authorization = payments?.authorizations?.[0];
  if (capture) {
    switch (capture.status) {
      case 'COMPLETED':
        return capture.id
          ? { outcome: 'approved', processorReference: capture.id }
          : { outcome: 'unknown', reason: 'A COMPLETED capture without an id' };
      case 'DECLINED':
      case 'FAILED':
        return {
          outcome: 'declined',
          decline: declineFor(capture.processor_response?.response_code),
          raw: rawOf(capture, 'DECLINED'),
          ...(capture.id ? { processorReference: capture.id } : {}),
        };
    }
    return {
      outcome: 'unknown',
      reason: `PayPal's capture is ${capture.status ?? 'without a status'}`,
      ...(capture.id ? { processorReference: capture.id } : {}),
    };
  }
  if (authorization && order.id) {
    const reference = authorization.id ? authorizationReference(order.id, authorization.id) : undefined;
    switch (authorization.status) {
      case 'CREATED':
        return reference
          ? { outcome: 'approved', processorReference: reference }
          : { outcome: 'unknown', reason: 'A CREATED authorization without an id' };
      case 'DENIED':
        return {
          outcome: 'declined',
          decline: declineFor(authorization.processor_response?.response_code),
          raw: rawOf(authorization, 'DENIED'),
          ...(reference ? { processorReference: reference } : {}),
        };
    }
    return {
      outcome: 'unknown',
      reason: `PayPal's authorization is ${authorization.status ?? 'without a status'}`,
      ...(reference ? { processorReference: reference } : {}),
    };
  }
  return {
    outcome: 'unknown',
    reason: `PayPal's order is ${status || 'without a status'} with no payment in it`,
  };
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const answerRaw = (error: PayPalAnswerError): RawOutcome => ({
  code: error.issue ?? error.errorName,
  reason: error.message,
});

/**
 * A failed POST /v2/checkout/orders: a 4xx other than 409 (the request invalid, the credentials
 * refused, too many requests) or a request that never left (no connection, no token) proves that
 * no order, so no payment, was made: not_processed, or a decline when the 422's issue refuses the
 * card itself. A 5xx, a 409, a redirect, a timeout or no answer may hide one: unknown.
 */
export const orderFailureOf = (error: unknown): AuthorisationOutcome => {
  if (error instanceof PayPalNotSentError)
    return { outcome: 'not_processed', raw: { code: 'not_sent', reason: error.message } };
  if (
    error instanceof PayPalAnswerError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 409
  ) {
    const decline = error.status === 422 && error.issue ? refusedCardIssues[error.issue] : undefined;
    return decline
      ? { outcome: 'declined', decline, raw: answerRaw(error) }
      : { outcome: 'not_processed', raw: answerRaw(error) };
  }
  return { outcome: 'unknown', reason: reasonOf(error) };
};

/**
 * A failed authorize or capture of an order after 3-D Secure: refused (a 422: the payer did not
 * authenticate, the card was refused) nothing was taken, a decline; anything else may hide a
 * payment: unknown (the order's notification settles it).
 */
export const completionFailureOf = (error: unknown): AuthorisationOutcome =>
  error instanceof PayPalAnswerError && (error.status === 400 || error.status === 422)
    ? { outcome: 'declined', decline: 'card_declined', raw: answerRaw(error) }
    : { outcome: 'unknown', reason: reasonOf(error) };

/** A capture's (Payments v2) answer: COMPLETED succeeded, PENDING pending, DECLINED or FAILED failed. */
export const captureOutcomeOf = (capture: PaymentResource): ModificationOutcome => {
  switch (capture.status) {
    case 'COMPLETED':
      return { outcome: 'succeeded', ...(capture.id ? { processorReference: capture.id } : {}) };
    case 'PENDING':
      return { outcome: 'pending', ...(capture.id ? { processorReference: capture.id } : {}) };
    case 'DECLINED':
    case 'FAILED':
      return { outcome: 'failed', raw: rawOf(capture, 'DECLINED') };
  }
  return { outcome: 'unknown', reason: `PayPal's capture is ${capture.status ?? 'without a status'}` };
};

/** A refund's answer: COMPLETED succeeded, PENDING pending (its notification ends it), CANCELLED or FAILED failed. */
export const refundOutcomeOf = (refund: PaymentResource): ModificationOutcome => {
  switch (refund.status) {
    case 'COMPLETED':
      return { outcome: 'succeeded', ...(refund.id ? { processorReference: refund.id } : {}) };
    case 'PENDING':
      return { outcome: 'pending', ...(refund.id ? { processorReference: refund.id } : {}) };
    case 'CANCELLED':
    case 'FAILED':
      return { outcome: 'failed', raw: rawOf(refund, refund.status) };
  }
  return { outcome: 'unknown', reason: `PayPal's refund is ${refund.status ?? 'without a status'}` };
};

/**
 * The 422 issues that say a capture or void was done already (a retry whose first answer was lost
 * after PayPal's keys for it expired): the work stands, succeeded.
 */
const alreadyDone = new Set(['PREVIOUSLY_VOIDED', 'AUTHORIZATION_ALREADY_CAPTURED', 'PREVIOUSLY_CAPTURED']);

/**
 * A failed capture, void or refund: refused as invalid (400, 404, 422: not capturable, voided,
 * more than what is left) it failed and moved nothing, unless PayPal says it was done already; refused
 * for the credentials or the rate (401, 403, 429) it is Wattle's to retry, as is one that may have
 * landed (a 5xx, a 409, no answer): unknown, sent again with the same PayPal-Request-Id.
 */
export const modificationFailureOf = (error: unknown): ModificationOutcome => {
  if (error instanceof PayPalAnswerError && [400, 404, 422].includes(error.status))
    return error.issue && alreadyDone.has(error.issue)
      ? { outcome: 'succeeded' }
      : { outcome: 'failed', raw: answerRaw(error) };
  return { outcome: 'unknown', reason: reasonOf(error) };
};
