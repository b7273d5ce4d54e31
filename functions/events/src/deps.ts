import { functionDeps } from '@wattle/runtime';
import { accounts, events, idempotency } from '@wattle/runtime/parts';

/** What the events function's routes use: its bundle holds these parts and no other. */
export const eventsDeps = functionDeps({ accounts, events, idempotency });

export type EventsDeps = ReturnType<typeof eventsDeps>;
