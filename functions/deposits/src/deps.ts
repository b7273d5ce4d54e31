import { functionDeps } from '@wattle/runtime';
import { accounts, deposits, idempotency } from '@wattle/runtime/parts';

/** What the deposits function's routes use: its bundle holds these parts and no other. */
export const depositsDeps = functionDeps({ accounts, deposits, idempotency });

export type DepositsDeps = ReturnType<typeof depositsDeps>;
