import { PinError, presentWebhook, replayedWebhook } from '@wattle/domain';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { deliveryQueue } from '@wattle/runtime';
import { isDeliveryUnderWay, retryOnChange } from '@wattle/store';
import { loadWebhook } from './read-webhooks.ts';

/**
 * How long the retry job waits before it sends a replay itself: only if the message to the
 * delivery queue was lost, since the attempt it asks for replaces or removes the job.
 */
const replayFallbackMs = 5 * 60_000;

/**
 * PUT /webhooks/{token}/replay: the webhook pending again (retries 0, errors emptied, accepted_at
 * and next_run null) and its URL requested again; other webhooks of the event are left alone. Not
 * while an attempt is under way (it holds the webhook's delivery lease): 400 cannot_replay_webhook.
 */
export const replayWebhook: RouteHandler = async (request, { store, clock }) => {
  const scope = scopeOf(request);
  const now = clock.now();
  const replayed = await retryOnChange('webhook', async () => {
    const loaded = await loadWebhook(store, scope, request.params.webhook_token!);
    if (isDeliveryUnderWay(loaded, now)) throw new PinError('cannot_replay_webhook');
    const webhook = replayedWebhook(loaded.webhook);
    await store.webhooks.replay(scope, loaded, webhook, now, new Date(now.getTime() + replayFallbackMs));
    return webhook;
  });
  await deliveryQueue().send([{ scope, webhookToken: replayed.token }]);
  return resource(200, presentWebhook(replayed));
};
