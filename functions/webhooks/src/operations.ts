import { type OperationsOf, one, shortPaged } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'webhooks'> = {
  'GET /1/webhooks': shortPaged('List webhooks', o.webhookObject),
  'GET /1/webhooks/{webhook_token}': one('Get a webhook', o.webhookObject),
  'PUT /1/webhooks/{webhook_token}/replay': one('Replay a webhook', o.webhookObject),
};
