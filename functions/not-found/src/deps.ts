import { functionDeps } from '@wattle/runtime';
import { accounts, idempotency } from '@wattle/runtime/parts';

/** What the not-found function's routes use: its bundle holds these parts and no other. */
export const notFoundDeps = functionDeps({ accounts, idempotency });

export type NotFoundDeps = ReturnType<typeof notFoundDeps>;
