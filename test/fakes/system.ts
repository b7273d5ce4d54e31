import type { Clock, Ids, RetryPacing, Secrets } from '@wattle/ports';
import { retryBudgetMs } from '../../packages/flows/src/shared/retry-on-change.ts';

/** A clock that stands still until the test moves it. */
export const fixedClock = (at = '2026-11-24T10:00:00Z'): Clock & { advance(ms: number): void } => {
  let now = new Date(at);
  return {
    now: () => new Date(now.getTime()),
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
};

/** Tokens numbered in order of creation, 22 characters after the prefix as real ones. */
export const sequentialIds = (): Ids => {
  let n = 0;
  return {
    token: (prefix) => `${prefix}_${String(++n).padStart(22, '0')}`,
    derived: (prefix, seed) => `${prefix}_${seed}`,
  };
};

export const sequentialSecrets = (): Secrets => {
  let n = 0;
  return { secret: (bytes) => `secret${++n}`.padEnd(bytes, 'x') };
};

/**
 * Retry waits that take no real time: each sleep moves a virtual clock on by `stepMs` (by default
 * exactly as long as asked) and records what was asked; the jitter is always `random`.
 */
export const virtualPacing = ({
  random = 0.5,
  stepMs,
  deadlineMs,
}: {
  random?: number;
  stepMs?: number;
  /** The work's deadline, in the pacing's virtual milliseconds (none when not given). */
  deadlineMs?: number;
} = {}): RetryPacing & {
  sleeps: number[];
} => {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += stepMs ?? ms;
    },
    random: () => random,
    timeLeft: () => (deadlineMs === undefined ? Number.POSITIVE_INFINITY : deadlineMs - now),
  };
};

/** Waits on which the retry budget is spent by the time `rounds` rounds were lost. */
export const pacingLosingAfter = (rounds: number): RetryPacing =>
  virtualPacing({ stepMs: Math.ceil(retryBudgetMs / (rounds - 1)) });
