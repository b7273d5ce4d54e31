import { getWebhookEndpoint, listWebhookEndpoints } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentWebhookEndpoint } from '@wattle/wire';
import type { WebhookEndpointsDeps } from './deps.ts';

export const getWebhookEndpointRoute: RouteHandler<
  WebhookEndpointsDeps,
  'GET /1/webhook_endpoints/{webhook_endpoint_token}'
> = async (request, deps) => {
  const endpoint = await getWebhookEndpoint(deps, scopeOf(request), request.params.webhook_endpoint_token);
  return resource(200, presentWebhookEndpoint(endpoint));
};

export const listWebhookEndpointsRoute: RouteHandler<WebhookEndpointsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const endpoints = await listWebhookEndpoints(deps, scopeOf(request), page);
  return listOf('short', page, endpoints, presentWebhookEndpoint);
};
