import { PinError, replayedWebhook, type Scope, type Webhook } from '@wattle/domain';
import {
  Changed,
  type Clock,
  type DeliveryQueue,
  TransactionConflictError,
  type WebhooksStore,
} from '@wattle/ports';
import { isDeliveryUnderWay } from './delivery-lease.ts';
import { loadWebhook } from './read-webhooks.ts';

export interface ReplayWebhookDeps {
  webhooks: WebhooksStore;
  clock: Clock;
  deliveryQueue: DeliveryQueue;
}

/**
 * How long the retry job waits before it sends a replay itself: only if the message to the
 * delivery queue was lost, since the attempt it asks for replaces or removes the job.
 */
export const replayFallbackMs = 5 * 60_000;

/** Replays that found the webhook changed are read and decided again this many times in all. */
const attempts = 4;

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
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadWebhook(deps, scope, webhookToken);
    if (isDeliveryUnderWay(loaded, now)) throw new PinError('cannot_replay_webhook');
    const webhook = replayedWebhook(loaded.webhook);
    try {
      await webhooks.replay(scope, loaded, webhook, now, new Date(now.getTime() + replayFallbackMs));
    } catch (error) {
      // Changed since read (an attempt took or finished it): read it again and decide again.
      if (!(error instanceof Changed)) throw error;
      if (attempt >= attempts) throw new TransactionConflictError({ cause: error });
      continue;
    }
    await deliveryQueue.send([{ scope, webhookToken: webhook.token }]);
    return webhook;
  }
};
