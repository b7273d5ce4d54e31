import { apiHandler } from '@wattle/http';
import { createWebhookEndpoint } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { getWebhookEndpoint, listWebhookEndpoints } from './read-webhook-endpoints.ts';

export const handler = apiHandler('webhook-endpoints', {
  'POST /1/webhook_endpoints': createWebhookEndpoint,
  'GET /1/webhook_endpoints': listWebhookEndpoints,
  'GET /1/webhook_endpoints/{webhook_endpoint_token}': getWebhookEndpoint,
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}': deleteWebhookEndpoint,
});
