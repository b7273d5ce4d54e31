import { newWebhook, toTimestamp } from '@wattle/domain';
import type { ScopedEvent } from '@wattle/store';
import type { DeliveryDeps } from './deps.ts';

/**
 * An event from the table stream: one webhook for each endpoint of its merchant (made once per
 * event and endpoint, so a redelivered message makes none), then a delivery request for each of
 * them still waiting for an attempt. Sending the requests again for waiting webhooks is what lets
 * a redelivery finish a fan-out that failed half-way.
 */
export const fanOutEvent = async ({ scope, event }: ScopedEvent, deps: DeliveryDeps): Promise<void> => {
  const { store, ids, clock, queue } = deps;
  const now = clock.now();
  const endpoints = (await store.webhookEndpoints.list(scope, 1)).items;
  const webhooks = await Promise.all(
    endpoints.map((endpoint) =>
      store.webhooks.createForEvent(scope, newWebhook(ids, endpoint, event.token, toTimestamp(now)), now),
    ),
  );
  const waiting = webhooks.flatMap((loaded) =>
    loaded?.webhook.status === 'pending' ? [loaded.webhook] : [],
  );
  await queue.send(waiting.map((webhook) => ({ scope, webhookToken: webhook.token })));
};
