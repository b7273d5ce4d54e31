import { functionDeps } from '@wattle/runtime';
import { accounts, cardTokens, idempotency } from '@wattle/runtime/parts';

/** What the cards function's routes use: its bundle holds these parts and no other. */
export const cardsDeps = functionDeps({ accounts, cardTokens, idempotency });

export type CardsDeps = ReturnType<typeof cardsDeps>;
