export type { Clock, Ids, PaymentProcessor } from '@wattle/domain';

/**
 * The signal every processor call carries: aborted before the work's one deadline (the
 * invocation's) by the reserve the call's outcome needs to be written and answered
 * (@wattle/deadline's outsideCallSignal), so that a call that times out still ends in an answer.
 */
export type CallDeadline = () => AbortSignal;

/** Random secrets (API keys, webhook signing keys): URL-safe text of `bytes` random bytes. */
export interface Secrets {
  secret(bytes: number): string;
}

/**
 * Encrypts a secret at rest (card numbers, bank account numbers, a referred merchant's keys), bound
 * to `context` (whose secret it is), so a sealed value cannot be moved to another owner.
 */
export interface Cipher {
  seal(plain: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<string>;
}

/**
 * The time an optimistic retry waits on (flows/shared/retry-on-change.ts): the function's own
 * monotonic milliseconds, not the service Clock, which the local stack moves forward.
 */
export interface RetryPacing {
  /** Milliseconds from an arbitrary origin; only differences count. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Uniform in [0, 1): the jitter of each wait. */
  random(): number;
  /** Milliseconds left of the work's one deadline (@wattle/deadline; Infinity without one). */
  timeLeft(): number;
}
