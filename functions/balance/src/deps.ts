import { functionDeps } from '@wattle/runtime';
import { accounts, balance, idempotency } from '@wattle/runtime/parts';

/** What the balance function's routes use: its bundle holds these parts and no other. */
export const balanceDeps = functionDeps({ accounts, balance, idempotency });

export type BalanceDeps = ReturnType<typeof balanceDeps>;
