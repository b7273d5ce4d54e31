import { functionDeps } from '@wattle/runtime';
import { accounts, balance, idempotency, payments, refunds } from '@wattle/runtime/parts';

/** What the refunds function's routes use: its bundle holds these parts and no other. */
export const refundsDeps = functionDeps({ accounts, balance, idempotency, payments, refunds });

export type RefundsDeps = ReturnType<typeof refundsDeps>;
