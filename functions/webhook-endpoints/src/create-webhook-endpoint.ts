import { createWebhookEndpoint } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createWebhookEndpointSchema, presentWebhookEndpoint, validate } from '@wattle/wire';
import type { WebhookEndpointsDeps } from './deps.ts';

/** POST /webhook_endpoints: 201 with the new endpoint and its signing key. */
export const createWebhookEndpointRoute: RouteHandler<WebhookEndpointsDeps> = async (request, deps) => {
  const { url } = validate(createWebhookEndpointSchema, request.body);
  return resource(201, presentWebhookEndpoint(await createWebhookEndpoint(deps, scopeOf(request), url)));
};
