/**
 * When a failed webhook is tried again: 60 s after the first failure, then twice as long after
 * each further one (1, 2, 4, 8, 16, 32 min, 1 h 4 min, … 34 h 8 min), 12 retries reaching
 * 2 days 20 h after the first attempt. After the 12th retry fails the webhook has failed.
 */
export const retryDelaysSeconds: readonly number[] = Array.from({ length: 12 }, (_, i) => 60 * 2 ** i);

/** The next run after the `failedAttempts`-th failed attempt (at `failedAt`); null when none is left. */
export const nextRetryAt = (failedAttempts: number, failedAt: Date): Date | null => {
  const delay = retryDelaysSeconds[failedAttempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay * 1000);
};
