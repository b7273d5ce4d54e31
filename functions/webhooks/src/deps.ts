import { functionDeps } from '@wattle/runtime';
import { accounts, deliveryQueue, idempotency, webhooks } from '@wattle/runtime/parts';

/** What the webhooks function's routes use: its bundle holds these parts and no other. */
export const webhooksDeps = functionDeps({ accounts, deliveryQueue, idempotency, webhooks });

export type WebhooksDeps = ReturnType<typeof webhooksDeps>;
