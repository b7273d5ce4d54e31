import { apiHandler } from '@wattle/http';
import { createWebhookEndpointRoute } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpointRoute } from './delete-webhook-endpoint.ts';
import { webhookEndpointsDeps } from './deps.ts';
import { getWebhookEndpointRoute, listWebhookEndpointsRoute } from './read-webhook-endpoints.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('webhook-endpoints', routes, webhookEndpointsDeps, {
  'POST /1/webhook_endpoints': createWebhookEndpointRoute,
  'GET /1/webhook_endpoints': listWebhookEndpointsRoute,
  'GET /1/webhook_endpoints/{webhook_endpoint_token}': getWebhookEndpointRoute,
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}': deleteWebhookEndpointRoute,
});
