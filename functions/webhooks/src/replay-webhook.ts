import { replayWebhook } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentWebhook } from '@wattle/wire';
import type { WebhooksDeps } from './deps.ts';

/** PUT /webhooks/{token}/replay: 200 with the webhook pending again. */
export const replayWebhookRoute: RouteHandler<
  WebhooksDeps,
  'PUT /1/webhooks/{webhook_token}/replay'
> = async (request, deps) =>
  resource(200, presentWebhook(await replayWebhook(deps, scopeOf(request), request.params.webhook_token)));
