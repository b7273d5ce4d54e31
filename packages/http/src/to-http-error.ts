import { PinError } from '@wattle/domain';

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** DynamoDB refusing for lack of capacity, after the SDK's own retries. */
const throttleNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);
const throttleReasons = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);
/** Another transaction on the same items, after the store's own retries (TransactionConflictError). */
const conflictNames = new Set(['TransactionConflictError', 'TransactionInProgressException']);
/**
 * Out of time: the request's deadline passed (DeadlineReached; the SDK's AbortError when it stopped
 * a call at the deadline), or an AWS call kept timing out past the SDK's retries (TimeoutError).
 */
const lateNames = new Set(['DeadlineReached', 'AbortError', 'TimeoutError']);

/** Seconds a client should wait before retrying a request refused for now. */
export const retryAfterSeconds = 1;

/**
 * Whether `error`, or an error that caused it, is DynamoDB refusing for now: `throttled` (capacity)
 * or `conflict` (a concurrent transaction held an item), neither of which committed anything (a
 * transaction is all or nothing, and a refused single write is not made); or the request running
 * out of time (`service_unavailable`), after which a write in flight may or may not have been
 * made: the same request with the same Idempotency-Key is the way to know.
 */
export const temporaryFailureOf = (
  error: unknown,
): 'throttled' | 'conflict' | 'service_unavailable' | null => {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++, current = current.cause) {
    if (throttleNames.has(current.name)) return 'throttled';
    if (lateNames.has(current.name)) return 'service_unavailable';
    if (conflictNames.has(current.name)) return 'conflict';
    if (current.name === 'TransactionCanceledException') {
      const codes = (
        (current as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []
      ).map((reason) => reason.Code ?? '');
      if (codes.some((code) => throttleReasons.has(code))) return 'throttled';
      if (codes.includes('TransactionConflict')) return 'conflict';
    }
  }
  return null;
};

/**
 * Any error as Pin's error body. A PinError shows its code, text and messages. DynamoDB throttling
 * or a transaction conflict that outlasted the retries is a 503 with Retry-After: nothing was
 * committed and the same request (with the same Idempotency-Key: 5xx are not kept) may be sent
 * again. Anything else is a bug or an outage and shows a generic 500 with no detail.
 */
export const toHttpError = (error: unknown): ErrorResponse => {
  if (error instanceof PinError) {
    return {
      status: error.status,
      body: {
        error: error.code,
        error_description: error.description,
        ...(error.messages ? { messages: error.messages } : {}),
        ...(error.extra ?? {}),
      },
    };
  }
  const temporary = temporaryFailureOf(error);
  if (temporary) {
    const refused = new PinError(temporary, { status: 503 });
    return {
      status: 503,
      body: { error: refused.code, error_description: refused.description },
      headers: { 'Retry-After': String(retryAfterSeconds) },
    };
  }
  const internal = new PinError('internal_error');
  return { status: internal.status, body: { error: internal.code, error_description: internal.description } };
};
