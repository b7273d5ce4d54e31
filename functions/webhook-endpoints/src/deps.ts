import { functionDeps } from '@wattle/runtime';
import { accounts, idempotency, webhookEndpoints } from '@wattle/runtime/parts';

/** What the webhook-endpoints function's routes use: its bundle holds these parts and no other. */
export const webhookEndpointsDeps = functionDeps({ accounts, idempotency, webhookEndpoints });

export type WebhookEndpointsDeps = ReturnType<typeof webhookEndpointsDeps>;
