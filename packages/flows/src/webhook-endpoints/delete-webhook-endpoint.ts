import { PinError, type Scope } from '@wattle/domain';
import { type Clock, Missing, type WebhookEndpointsStore } from '@wattle/ports';

/** DELETE /webhook_endpoints/{token}: the endpoint and all its webhooks, for good. */
export const deleteWebhookEndpoint = async (
  { webhookEndpoints, clock }: { webhookEndpoints: WebhookEndpointsStore; clock: Clock },
  scope: Scope,
  endpointToken: string,
): Promise<void> => {
  try {
    await webhookEndpoints.delete(scope, endpointToken, clock.now());
  } catch (error) {
    if (error instanceof Missing) throw new PinError('resource_not_found');
    throw error;
  }
};
