import { type ErrorCode, PinError } from '@wattle/domain';
import { Unavailable, type UnavailableReason } from '@wattle/ports';
import type { ErrorBodyJson } from '@wattle/wire';

export interface ErrorResponse {
  status: number;
  body: ErrorBodyJson;
  headers?: Record<string, string>;
}

/** The payment a refusal is about, as Pin's error body names it. */
const paymentNamed = ({ payment }: PinError): Pick<ErrorBodyJson, 'charge_token' | 'authorisation_token'> => {
  if (!payment) return {};
  return payment.kind === 'charge' ? { charge_token: payment.token } : { authorisation_token: payment.token };
};

/** Seconds a client should wait before retrying a request refused for now. */
export const retryAfterSeconds = 1;

/** Pin's error for each reason a port was unavailable: out of time, whatever the cause, is one. */
const unavailableCodes: Record<UnavailableReason, ErrorCode> = {
  throttled: 'throttled',
  conflict: 'conflict',
  timed_out: 'service_unavailable',
  deadline: 'service_unavailable',
  service_unavailable: 'service_unavailable',
};

/** The `Unavailable` a port refused with: `error` itself, or an error that caused it. */
const unavailableIn = (error: unknown): Unavailable | undefined => {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++, current = current.cause) {
    if (current instanceof Unavailable) return current;
  }
  return undefined;
};

/**
 * Any error as Pin's error body. A PinError shows its code, text and messages. A port that was
 * unavailable for now (`Unavailable`: throttled, a conflict that outlasted the retries, out of time)
 * is a 503 with Retry-After: the same request (with the same Idempotency-Key: 5xx are not kept)
 * may be sent again. Anything else is a bug or an outage and shows a generic 500 with no detail.
 */
export const toHttpError = (error: unknown): ErrorResponse => {
  if (error instanceof PinError) {
    return {
      status: error.status,
      body: {
        error: error.code,
        error_description: error.description,
        ...(error.messages ? { messages: error.messages } : {}),
        ...paymentNamed(error),
      },
    };
  }
  const unavailable = unavailableIn(error);
  if (unavailable) {
    const refused = new PinError(unavailableCodes[unavailable.reason], { status: 503 });
    return {
      status: 503,
      body: { error: refused.code, error_description: refused.description },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    };
  }
  const internal = new PinError('internal_error');
  return { status: internal.status, body: { error: internal.code, error_description: internal.description } };
};
