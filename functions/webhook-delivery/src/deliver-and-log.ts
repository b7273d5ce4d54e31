import { deliverWebhook } from '@wattle/flows';
import type { DeliveryRequest } from '@wattle/ports';
import type { WebhookDeliveryDeps } from './deps.ts';

/**
 * A message of the webhooks queue: the attempt it asks for (the deliverWebhook flow), and the
 * function's log line of what came of it.
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
