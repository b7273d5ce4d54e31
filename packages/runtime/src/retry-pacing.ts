import type { RetryPacing } from '@wattle/ports';

/** Real waits on the process's monotonic clock, jittered by Math.random (no secret rides on it). */
export const realRetryPacing: RetryPacing = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};
