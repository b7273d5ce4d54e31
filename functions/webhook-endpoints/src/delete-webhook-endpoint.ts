import { PinError } from '@wattle/domain';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import { ConditionFailedError } from '@wattle/store';

/** DELETE /webhook_endpoints/{token}: the endpoint and all its webhooks, for good. */
export const deleteWebhookEndpoint: RouteHandler = async (request, { store, clock }) => {
  try {
    await store.webhookEndpoints.delete(
      scopeOf(request),
      request.params.webhook_endpoint_token!,
      clock.now(),
    );
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label === 'endpoint')
      throw new PinError('resource_not_found');
    throw error;
  }
  return noContent();
};
