import { deleteWebhookEndpoint } from '@wattle/flows';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import type { WebhookEndpointsDeps } from './deps.ts';

/** DELETE /webhook_endpoints/{token}: 204. */
export const deleteWebhookEndpointRoute: RouteHandler<
  WebhookEndpointsDeps,
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}'
> = async (request, deps) => {
  await deleteWebhookEndpoint(deps, scopeOf(request), request.params.webhook_endpoint_token);
  return noContent();
};
