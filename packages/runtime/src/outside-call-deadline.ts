import { outsideCallSignal } from '@wattle/deadline';

/** Never aborted: the signal of work without a deadline (tests, scripts). */
const never = new AbortController().signal;

/**
 * The signal of an outside call of the work in hand (@wattle/deadline's outsideCallSignal: its
 * deadline less the reserve to record the call's outcome and answer), or one that never aborts.
 */
export const outsideCallDeadline = (): AbortSignal => outsideCallSignal() ?? never;
