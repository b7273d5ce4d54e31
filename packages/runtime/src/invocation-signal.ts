import { currentDeadline } from '@wattle/deadline';

/** Never aborted: the signal of work without a deadline (tests, scripts). */
const never = new AbortController().signal;

/** The signal of the work in hand's deadline (@wattle/deadline), or one that never aborts. */
export const invocationSignal = (): AbortSignal => currentDeadline()?.signal ?? never;
