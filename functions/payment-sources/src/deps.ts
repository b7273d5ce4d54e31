import { functionDeps } from '@wattle/runtime';
import { accounts, cardTokens, idempotency, paymentSources } from '@wattle/runtime/parts';

/** What the payment-sources function's routes use: its bundle holds these parts and no other. */
export const paymentSourcesDeps = functionDeps({ accounts, cardTokens, idempotency, paymentSources });

export type PaymentSourcesDeps = ReturnType<typeof paymentSourcesDeps>;
