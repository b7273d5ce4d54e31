import {
  isDeliveryDue,
  nextRetryAt,
  toTimestamp,
  type Webhook,
  webhookAccepted,
  webhookAttemptFailed,
  withAttempt,
} from '@wattle/domain';
import type {
  Clock,
  DeliveryRequest,
  EventsStore,
  SendOutcome,
  WebhookEndpointsStore,
  WebhookSender,
  WebhooksStore,
} from '@wattle/ports';
import { presentEvent } from '@wattle/wire';
import { isDeliveryUnderWay } from './delivery-lease.ts';

export interface DeliverWebhookDeps {
  webhooks: WebhooksStore;
  webhookEndpoints: WebhookEndpointsStore;
  events: EventsStore;
  webhookSender: WebhookSender;
  clock: Clock;
}

/** What a delivery request came to, for the delivery function's log. */
export type DeliveryResult =
  /** No attempt: none due, the webhook gone, or another attempt holds it. */
  | { attempted: false; reason: 'not_due' | 'endpoint_gone' | 'lease_taken' }
  /** No attempt: the webhook's event is not there (never expected: the outbox writes it first). */
  | { attempted: false; reason: 'event_missing'; eventToken: string }
  | {
      attempted: true;
      webhook: Webhook;
      endpointToken: string;
      /** The event's type, for the log line. */
      eventType: string;
      outcome: SendOutcome;
      /** How long the POST took (wall clock, not the service clock tests move). */
      ms: number;
      /** False when the lease was lost meanwhile: the outcome was not recorded. */
      recorded: boolean;
    };

/** The webhook after an attempt: completed, retrying at the schedule's next run, or failed for good. */
export const afterAttempt = (webhook: Webhook, outcome: SendOutcome, at: Date): Webhook => {
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
export const deliverWebhook = async (
  { webhooks, webhookEndpoints, events, webhookSender, clock }: DeliverWebhookDeps,
  { scope, webhookToken }: DeliveryRequest,
): Promise<DeliveryResult> => {
  const now = clock.now();
  const loaded = await webhooks.get(scope, webhookToken);
  if (!loaded || !isDeliveryDue(loaded.webhook, now) || isDeliveryUnderWay(loaded, now))
    return { attempted: false, reason: 'not_due' };
  const [endpoint, event] = await Promise.all([
    webhookEndpoints.get(scope, loaded.webhook.endpointToken),
    events.get(scope, loaded.webhook.eventToken),
  ]);
  // No endpoint: it is being deleted, and this webhook with it.
  if (!endpoint) return { attempted: false, reason: 'endpoint_gone' };
  if (!event) return { attempted: false, reason: 'event_missing', eventToken: loaded.webhook.eventToken };
  const lease = await webhooks.lease(scope, loaded, now);
  if (!lease) return { attempted: false, reason: 'lease_taken' };

  const body = JSON.stringify(presentEvent(event));
  const started = performance.now();
  const { outcome, headers } = await webhookSender.send({ url: loaded.webhook.url, body, key: endpoint.key });
  const ms = Math.round(performance.now() - started);
  const at = clock.now();
  const webhook = withAttempt(afterAttempt(loaded.webhook, outcome, at), {
    at: toTimestamp(at),
    status: outcome.accepted ? outcome.status : null,
    error: outcome.accepted ? null : { error: outcome.error, error_description: outcome.description },
    ms,
    request: { url: loaded.webhook.url, headers },
  });
  const recorded = await webhooks.recordAttempt(scope, lease, webhook);
  return {
    attempted: true,
    webhook,
    endpointToken: endpoint.token,
    eventType: event.type,
    outcome,
    ms,
    recorded,
  };
};
