import { retryKind } from './errors.ts';

/** Attempts per request, the first included: AWS_MAX_ATTEMPTS, else the SDK's default, 3. */
export const defaultMaxAttempts = (): number => Number(process.env.AWS_MAX_ATTEMPTS) || 3;

/** The SDK's standard strategy: up to 20 s, full jitter, from 100 ms (500 ms for a throttle). */
const backoffMs = (attempt: number, kind: 'transient' | 'throttling'): number =>
  Math.floor(Math.min(20_000, Math.random() * 2 ** attempt * (kind === 'throttling' ? 500 : 100)));

/**
 * `attempt` (given its number, from 1) until it succeeds, as the SDK's standard strategy retries:
 * what `retryKind` says is worth another try is tried again after a wait, up to `maxAttempts`.
 */
export const withRetries = async <T>(maxAttempts: number, attempt: (n: number) => Promise<T>): Promise<T> => {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const kind = retryKind(error);
      if (kind === 'no' || n >= maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(n, kind)));
    }
  }
};
