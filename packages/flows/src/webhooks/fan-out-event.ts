import { newWebhook, outlivesItsEventUnheld, toTimestamp } from '@wattle/domain';
import type {
  Clock,
  DeliveryQueue,
  EventsStore,
  Ids,
  ScopedEvent,
  WebhookEndpointsStore,
  WebhooksStore,
} from '@wattle/ports';

export interface FanOutEventDeps {
  events: EventsStore;
  webhookEndpoints: WebhookEndpointsStore;
  webhooks: WebhooksStore;
  deliveryQueue: DeliveryQueue;
  clock: Clock;
  ids: Ids;
}

/**
 * An event from the table stream (or found by the scheduler, `fanOutOverdueEvents`): one webhook
 * for each endpoint of its merchant (made once per event and endpoint, so a redelivered message
 * makes none), then a delivery request for each of them still waiting for an attempt, and only
 * then the event marked done. Sending the requests again for waiting webhooks is what lets a
 * redelivery, or the scheduler, finish a fan-out that failed half-way.
 */
export const fanOutEvent = async (
  { events, webhookEndpoints, webhooks, deliveryQueue, clock, ids }: FanOutEventDeps,
  { scope, event }: ScopedEvent,
): Promise<void> => {
  const now = clock.now();
  // Their count is not needed: reading it would be one more (consistent) read per event.
  const endpoints = await webhookEndpoints.live(scope);
  const made = await Promise.all(
    endpoints.map((endpoint) =>
      webhooks.createForEvent(scope, newWebhook(ids, endpoint, event.token, toTimestamp(now)), now),
    ),
  );
  const waiting = made.flatMap((loaded) => (loaded?.webhook.status === 'pending' ? [loaded.webhook] : []));
  // An event fanned out late (the clock moved past most of its retention) is kept for its webhooks.
  if (outlivesItsEventUnheld(event.createdAt, now))
    await Promise.all(waiting.map((webhook) => webhooks.holdForDelivery(scope, webhook.token, now)));
  await deliveryQueue.send(waiting.map((webhook) => ({ scope, webhookToken: webhook.token })));
  await events.fanOutDone(scope, event);
};
