import type { Clock } from '@wattle/domain';

let offsetMs = 0;

/**
 * The clock every function reads. In AWS it is the system clock; the local stack moves it forward
 * (POST /_local/clock/advance), which moves every local function at once: they share this module.
 */
export const runtimeClock: Clock = { now: () => new Date(Date.now() + offsetMs) };

export const clockOffsetMs = (): number => offsetMs;

export const setClockOffsetMs = (ms: number): void => {
  if (!Number.isFinite(ms) || ms < 0) throw new Error('The clock only moves forward');
  offsetMs = ms;
};
