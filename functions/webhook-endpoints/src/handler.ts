import { apiHandler } from '@wattle/http';
import { webhookEndpointsRoutes } from '@wattle/routes/table/webhook-endpoints';
import { createWebhookEndpointRoute } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpointRoute } from './delete-webhook-endpoint.ts';
import { webhookEndpointsDeps } from './deps.ts';
import { getWebhookEndpointRoute, listWebhookEndpointsRoute } from './read-webhook-endpoints.ts';

export const handler = apiHandler('webhook-endpoints', webhookEndpointsRoutes, webhookEndpointsDeps, {
  'POST /1/webhook_endpoints': createWebhookEndpointRoute,
  'GET /1/webhook_endpoints': listWebhookEndpointsRoute,
  'GET /1/webhook_endpoints/{webhook_endpoint_token}': getWebhookEndpointRoute,
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}': deleteWebhookEndpointRoute,
});
