import type { Types } from '@adyen/api-library';
import type {
  AuthorisationOutcome,
  DeclineCode,
  ModificationOutcome,
  ResolutionOutcome,
} from '@wattle/domain';
import { AdyenAnswerError, AdyenNotSentError } from './checkout-http.ts';
import { declineFor } from './declines.ts';

type PaymentAnswer = Pick<
  Types.checkout.PaymentResponse,
  'resultCode' | 'pspReference' | 'refusalReason' | 'refusalReasonCode' | 'additionalData' | 'action'
>;

/** What the completion call needs back: Adyen's payment data, when its action gave some. */
export interface AdyenCompletion {
  pspReference?: string;
  paymentData?: string;
}

const optionalReference = (pspReference: string | undefined) =>
  pspReference ? { processorReference: pspReference } : {};

/** The result codes whose decline is not the refusal reason's: cancelled, and Adyen's own error. */
const finalDeclines: Record<string, DeclineCode> = { Cancelled: 'card_declined', Error: 'processing_error' };

/**
 * An answer of POST /payments or /payments/details in the port's terms (Adyen's result codes):
 * Authorised is approved; Refused, Cancelled and Error are final declines (Error is the
 * processor's failure, `processing_error`); RedirectShopper with a redirect is action_required;
 * anything else (Received, Pending, a native 3-D Secure action Wattle did not ask for, a partial
 * authorisation it never allows) leaves the outcome unknown, for a notification or `resolve`.
 */
export const authorisationOutcomeOf = (answer: PaymentAnswer): AuthorisationOutcome => {
  const resultCode = String(answer.resultCode ?? '');
  const raw = {
    code: answer.refusalReasonCode ?? resultCode,
    reason: answer.refusalReason ?? resultCode,
  };
  switch (resultCode) {
    case 'Authorised':
      return answer.pspReference
        ? { outcome: 'approved', processorReference: answer.pspReference }
        : { outcome: 'unknown', reason: 'Authorised without a pspReference' };
    case 'Refused':
    case 'Cancelled':
    case 'Error':
      return {
        outcome: 'declined',
        decline:
          finalDeclines[resultCode] ??
          declineFor({
            code: answer.refusalReasonCode,
            reason: answer.refusalReason,
            raw: answer.additionalData?.refusalReasonRaw,
          }),
        raw,
        ...optionalReference(answer.pspReference),
      };
  }
  const action = answer.action as
    | { type?: string; url?: string; method?: string; data?: Record<string, string>; paymentData?: string }
    | undefined;
  if (resultCode === 'RedirectShopper' && String(action?.type) === 'redirect' && action?.url) {
    const completion: AdyenCompletion = {
      ...(answer.pspReference ? { pspReference: answer.pspReference } : {}),
      ...(action.paymentData ? { paymentData: action.paymentData } : {}),
    };
    return {
      outcome: 'action_required',
      redirect: {
        url: action.url,
        method: action.method?.toUpperCase() === 'POST' ? 'POST' : 'GET',
        data: action.data ?? {},
        completion: JSON.stringify(completion),
      },
      ...optionalReference(answer.pspReference),
    };
  }
  return {
    outcome: 'unknown',
    reason: `Adyen answered ${resultCode || 'no result code'}${action?.type ? ` with a ${action.type} action` : ''}`,
    ...optionalReference(answer.pspReference),
  };
};

/** Errors Adyen answers with when it refused the request itself: nothing was made. */
const refusedRequest = (error: unknown): error is AdyenAnswerError =>
  error instanceof AdyenAnswerError && error.status >= 400 && error.status < 500 && error.status !== 409;

const rawOf = (error: AdyenAnswerError) => ({ code: error.errorCode, reason: error.message });

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A failed POST /payments: a 4xx (the request invalid, the key refused, too many requests) or a
 * request that never left proves that no payment was made; a 5xx, a 409 (the same key in flight),
 * a redirect (3xx, never followed: the configured host had the request), a timeout or no answer
 * may hide one, so the outcome is unknown.
 */
export const authorisationFailureOf = (error: unknown): AuthorisationOutcome => {
  if (refusedRequest(error)) return { outcome: 'not_processed', raw: rawOf(error) };
  if (error instanceof AdyenNotSentError)
    return { outcome: 'not_processed', raw: { code: 'not_sent', reason: error.message } };
  return { outcome: 'unknown', reason: reasonOf(error) };
};

/**
 * A failed completion (POST /payments/details): the payment exists at Adyen either way, so even a
 * refused request leaves its outcome unknown (`resolve` cancels it).
 */
export const completionFailureOf = (error: unknown): AuthorisationOutcome => ({
  outcome: 'unknown',
  reason: reasonOf(error),
});

/** Captures, cancels and refunds are asynchronous at Adyen: `received` now, the outcome by notification. */
export const modificationOutcomeOf = (answer: {
  status?: unknown;
  pspReference?: string;
}): ModificationOutcome =>
  String(answer.status) === 'received'
    ? { outcome: 'pending', ...optionalReference(answer.pspReference) }
    : { outcome: 'unknown', reason: `Adyen answered status ${String(answer.status)}` };

/**
 * A failed modification: refused as invalid (400, 422: not capturable, already cancelled...) it
 * failed and moved nothing; refused for the key or the rate (401, 403, 429) it is Wattle's fault
 * and is sent again, as is one that may have landed (a 5xx, no answer).
 */
export const modificationFailureOf = (error: unknown): ModificationOutcome =>
  error instanceof AdyenAnswerError && (error.status === 400 || error.status === 422)
    ? { outcome: 'failed', raw: rawOf(error) }
    : { outcome: 'unknown', reason: reasonOf(error) };

/**
 * POST /cancels by our reference (Adyen's answer to an unknown outcome, as it has no look-up by
 * reference): `received` proves only that Adyen took the cancel, not that nothing was captured
 * (a payment captured at once cannot be cancelled), so the payment stays unresolved until the
 * TECHNICAL_CANCEL notification tells what the cancel did (or the AUTHORISATION one tells what the
 * payment was). Failed, it is asked again later, as a refused cancel proves nothing of the payment.
 */
export const resolutionOutcomeOf = (answer: {
  status?: unknown;
  pspReference?: string;
}): ResolutionOutcome =>
  String(answer.status) === 'received'
    ? { outcome: 'cancel_requested', ...optionalReference(answer.pspReference) }
    : { outcome: 'unknown', reason: `Adyen answered status ${String(answer.status)}` };

export const resolutionFailureOf = (error: unknown): ResolutionOutcome => ({
  outcome: 'unknown',
  reason: reasonOf(error),
});
