import { timeLeftMs } from '@wattle/deadline';
import type { RetryPacing } from '@wattle/ports';

/**
 * Real waits on the process's monotonic clock, jittered by Math.random (no secret rides on it),
 * within the deadline of the work in hand.
 */
export const realRetryPacing: RetryPacing = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  timeLeft: timeLeftMs,
};
