import { functionDeps } from '@wattle/runtime';
import { deliveryQueue, events, webhookEndpoints, webhookSender, webhooks } from '@wattle/runtime/parts';

/** What the webhook-delivery function uses: its bundle holds these parts and no other. */
export const webhookDeliveryDeps = functionDeps({
  deliveryQueue,
  events,
  webhookEndpoints,
  webhookSender,
  webhooks,
});

export type WebhookDeliveryDeps = ReturnType<typeof webhookDeliveryDeps>;
