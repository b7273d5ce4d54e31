import { PinError, replayedWebhook, type Scope, type Webhook } from '@wattle/domain';
import type { Clock, DeliveryQueue, RetryPacing, WebhooksStore } from '@wattle/ports';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { isDeliveryUnderWay } from './delivery-lease.ts';
import { loadWebhook } from './read-webhooks.ts';

export interface ReplayWebhookDeps {
  webhooks: WebhooksStore;
  clock: Clock;
  deliveryQueue: DeliveryQueue;
  pacing: RetryPacing;
}

/**
 * How long the retry job waits before it sends a replay itself: only if the message to the
 * delivery queue was lost, since the attempt it asks for replaces or removes the job.
 */
export const replayFallbackMs = 5 * 60_000;

/**
 * PUT /webhooks/{token}/replay: the webhook pending again (retries 0, errors emptied, accepted_at
 * and next_run null) and its URL requested again; other webhooks of the event are left alone. Not
 * while an attempt is under way (it holds the webhook's delivery lease): 400 cannot_replay_webhook.
 */
export const replayWebhook = async (
  deps: ReplayWebhookDeps,
  scope: Scope,
  webhookToken: string,
): Promise<Webhook> => {
  const { webhooks, clock, deliveryQueue } = deps;
  const now = clock.now();
  // Changed since read (an attempt took or finished it): read it again and decide again.
  const webhook = await retryOnChange(deps.pacing, async () => {
    const loaded = await loadWebhook(deps, scope, webhookToken);
    if (isDeliveryUnderWay(loaded, now)) throw new PinError('cannot_replay_webhook');
    const replayed = replayedWebhook(loaded.webhook);
    await webhooks.replay(scope, loaded, replayed, now, new Date(now.getTime() + replayFallbackMs));
    return replayed;
  });
  // Replayed late in the retention, the webhook and its event are kept through its retries.
  await webhooks.holdForDelivery(scope, webhook.token, now);
  await deliveryQueue.send([{ scope, webhookToken: webhook.token }]);
  return webhook;
};
