import { webhookUrlExample } from '@wattle/openapi/examples';
import { type ExamplesOf, type OperationsOf, one, shortPaged } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { createWebhookEndpointSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'webhook-endpoints'> = {
  'POST /1/webhook_endpoints': {
    summary: 'Create a webhook endpoint',
    body: createWebhookEndpointSchema,
    answers: { 201: single(o.webhookEndpointObject) },
  },
  'GET /1/webhook_endpoints': shortPaged('List webhook endpoints', o.webhookEndpointObject),
  'GET /1/webhook_endpoints/{webhook_endpoint_token}': one('Get a webhook endpoint', o.webhookEndpointObject),
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}': {
    summary: 'Delete a webhook endpoint',
    answers: { 204: 'no-content' },
  },
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'webhook-endpoints'> = () => ({
  'POST /1/webhook_endpoints': { body: { url: webhookUrlExample } },
});
