import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`, or less when `signal` aborts first (it resolves either way). */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  wait(ms, undefined, { signal }).catch(() => undefined);
