import { PinError, presentWebhookEndpoint, type WebhookEndpoint } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import type { Scope, Store } from '@wattle/store';

/** The endpoint named in the path, or 404 (also for another merchant's or environment's). */
export const loadWebhookEndpoint = async (
  store: Store,
  scope: Scope,
  endpointToken: string,
): Promise<WebhookEndpoint> => {
  const endpoint = await store.webhookEndpoints.get(scope, endpointToken);
  if (!endpoint) throw new PinError('resource_not_found');
  return endpoint;
};

export const getWebhookEndpoint: RouteHandler = async (request, { store }) => {
  const endpoint = await loadWebhookEndpoint(store, scopeOf(request), request.params.webhook_endpoint_token!);
  return resource(200, presentWebhookEndpoint(endpoint));
};

export const listWebhookEndpoints: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf(
    'short',
    page,
    await store.webhookEndpoints.list(scopeOf(request), page),
    presentWebhookEndpoint,
  );
};
