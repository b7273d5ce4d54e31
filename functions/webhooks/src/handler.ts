import { apiHandler } from '@wattle/http';
import { webhooksDeps } from './deps.ts';
import { getWebhookRoute, listWebhooksRoute } from './read-webhooks.ts';
import { replayWebhookRoute } from './replay-webhook.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('webhooks', routes, webhooksDeps, {
  'GET /1/webhooks': listWebhooksRoute,
  'GET /1/webhooks/{webhook_token}': getWebhookRoute,
  'PUT /1/webhooks/{webhook_token}/replay': replayWebhookRoute,
});
