import { deliverWebhook } from '@wattle/flows';
import type { DeliveryRequest } from '@wattle/ports';
import type { WebhookDeliveryDeps } from './deps.ts';

/**
 * A message of the webhooks queue: the attempt it asks for (the deliverWebhook flow), and the
 * function's log line and metrics of what came of it (delivered, with its lag since the webhook
 * was made, or failed).
 */
export const deliverAndLog = async (request: DeliveryRequest, deps: WebhookDeliveryDeps): Promise<void> => {
  const result = await deliverWebhook(deps, request);
  const webhook = request.webhookToken;
  if (!result.attempted) {
    if (result.reason === 'event_missing')
      deps.logger.warn('A webhook without its event', { webhook, event: result.eventToken });
    return;
  }
  const { outcome } = result;
  const environment = { Environment: request.scope.environment };
  if (outcome.accepted) {
    deps.metrics.record('WebhooksDelivered', 1, environment);
    const lagMs = deps.clock.now().getTime() - Date.parse(result.webhook.createdAt);
    deps.metrics.record('WebhookLag', Math.max(0, Math.round(lagMs / 1000)), environment);
  } else deps.metrics.record('WebhookAttemptsFailed', 1, environment);
  deps.logger.info('Webhook attempt', {
    event: result.eventType,
    webhook,
    url: result.webhook.url,
    endpoint: result.endpointToken,
    status: result.webhook.status,
    retries: result.webhook.retries,
    ...(outcome.accepted ? { httpStatus: outcome.status } : { error: outcome.error }),
    ms: result.ms,
    ...(result.recorded ? {} : { note: 'lease lost: the outcome was not recorded' }),
  });
};
