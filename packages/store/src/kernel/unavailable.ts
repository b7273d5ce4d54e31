import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import { Unavailable, type UnavailableReason } from '@wattle/ports';

/** An error as the SDK's classification reads it (its name, `$metadata`, `$retryable`). */
type SdkError = Parameters<typeof isThrottlingError>[0];

/**
 * Why an AWS call failed for now, after the SDK's own retries, by the SDK's own classification
 * (@smithy/core's, which its retry strategy uses): `deadline` when the call was stopped at the
 * work's deadline (the SDK's AbortError: runtime's boundByDeadline), `conflict` for a DynamoDB
 * transaction still in progress under the same client request token, `throttled`, `timed_out` (a
 * timeout or a dropped connection), `service_unavailable` (AWS's own fault, a 5xx). Undefined for
 * anything else: a refusal of the request itself, or a bug.
 */
export const unavailableReasonOf = (error: unknown): UnavailableReason | undefined => {
  if (!(error instanceof Error) || error instanceof Unavailable) return undefined;
  if (error.name === 'AbortError') return 'deadline';
  if (error.name === 'TransactionInProgressException') return 'conflict';
  const sdk = error as SdkError;
  if (isThrottlingError(sdk)) return 'throttled';
  const status = sdk.$metadata?.httpStatusCode ?? 0;
  if (isServerError(sdk) || (status >= 500 && isTransientError(sdk))) return 'service_unavailable';
  if (isTransientError(sdk)) return 'timed_out';
  return undefined;
};

/** What an AWS SDK client's middleware stack takes (every client has one). */
interface HasMiddleware {
  middlewareStack: {
    add(
      middleware: (next: (args: never) => Promise<unknown>) => (args: never) => Promise<unknown>,
      options: { step: 'initialize'; name: string; override: boolean },
    ): void;
  };
}

/**
 * `client`, its every call that fails for now (unavailableReasonOf) failing with the port's
 * `Unavailable` instead, the SDK's error as its cause: nothing past the adapter reads an AWS
 * exception. The middleware wraps the whole call, the SDK's retries inside it.
 */
export const reportingUnavailable = <C extends HasMiddleware>(client: C): C => {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const reason = unavailableReasonOf(error);
        throw reason ? new Unavailable(reason, { cause: error }) : error;
      }
    },
    { step: 'initialize', name: 'reportingUnavailable', override: true },
  );
  return client;
};
