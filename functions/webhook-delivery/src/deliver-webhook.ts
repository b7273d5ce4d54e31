import {
  isDeliveryDue,
  presentEvent,
  toTimestamp,
  type Webhook,
  webhookAccepted,
  webhookAttemptFailed,
} from '@wattle/domain';
import { isDeliveryUnderWay } from '@wattle/store';
import { type DeliveryRequest, nextRetryAt, type SendOutcome, signPinSignature } from '@wattle/webhooks';
import type { DeliveryDeps } from './deps.ts';

const afterAttempt = (webhook: Webhook, outcome: SendOutcome, at: Date): Webhook => {
  if (outcome.accepted) return webhookAccepted(webhook, toTimestamp(at));
  const next = nextRetryAt(webhook.retries + 1, at);
  return webhookAttemptFailed(
    webhook,
    { error: outcome.error, error_description: outcome.description },
    at,
    next ? toTimestamp(next) : null,
  );
};

/**
 * One delivery attempt, if one is due: the webhook is leased (so no other attempt or replay runs
 * meanwhile), the event POSTed signed, and the outcome recorded with the retry it makes due. A
 * duplicate request, or one for a webhook that is done, deleted or held by another attempt, does
 * nothing: delivery is at least once, and never again once completed.
 */
export const deliverWebhook = async (request: DeliveryRequest, deps: DeliveryDeps): Promise<void> => {
  const { store, clock, logger } = deps;
  const { scope, webhookToken } = request;
  const now = clock.now();
  const loaded = await store.webhooks.get(scope, webhookToken);
  if (!loaded || !isDeliveryDue(loaded.webhook, now) || isDeliveryUnderWay(loaded, now)) return;
  const [endpoint, event] = await Promise.all([
    store.webhookEndpoints.get(scope, loaded.webhook.endpointToken),
    store.events.get(scope, loaded.webhook.eventToken),
  ]);
  // No endpoint: it is being deleted, and this webhook with it.
  if (!endpoint) return;
  if (!event) {
    logger.warn('A webhook without its event', { webhook: webhookToken, event: loaded.webhook.eventToken });
    return;
  }
  const lease = await store.webhooks.lease(scope, loaded, now);
  if (!lease) return;

  const body = JSON.stringify(presentEvent(event));
  // `t` is the wall clock's, not the service clock's: receivers check it against their own clock,
  // which moving the local stack's clock does not move.
  const outcome = await deps.send({
    url: loaded.webhook.url,
    body,
    signature: signPinSignature(body, endpoint.key, new Date()),
  });
  const webhook = afterAttempt(loaded.webhook, outcome, clock.now());
  const recorded = await store.webhooks.recordAttempt(scope, lease, webhook);
  logger.info('Webhook attempt', {
    webhook: webhookToken,
    endpoint: endpoint.token,
    status: webhook.status,
    retries: webhook.retries,
    ...(outcome.accepted ? { httpStatus: outcome.status } : { error: outcome.error }),
    ...(recorded ? {} : { note: 'lease lost: the outcome was not recorded' }),
  });
};
