import { getWebhook, listWebhooks } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentWebhook } from '@wattle/wire';
import type { WebhooksDeps } from './deps.ts';

export const getWebhookRoute: RouteHandler<WebhooksDeps, 'GET /1/webhooks/{webhook_token}'> = async (
  request,
  deps,
) => resource(200, presentWebhook(await getWebhook(deps, scopeOf(request), request.params.webhook_token)));

export const listWebhooksRoute: RouteHandler<WebhooksDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('short', page, await listWebhooks(deps, scopeOf(request), page), presentWebhook);
};
