import { functionDeps } from '@wattle/runtime';
import { accounts, disputes, idempotency, payments } from '@wattle/runtime/parts';

/** What the disputes function's routes use: its bundle holds these parts and no other. */
export const disputesDeps = functionDeps({ accounts, disputes, idempotency, payments });

export type DisputesDeps = ReturnType<typeof disputesDeps>;
