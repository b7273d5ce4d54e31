import { apiHandler } from '@wattle/http';
import { webhooksRoutes } from '@wattle/routes/table/webhooks';
import { webhooksDeps } from './deps.ts';
import { getWebhookRoute, listWebhooksRoute } from './read-webhooks.ts';
import { replayWebhookRoute } from './replay-webhook.ts';

export const handler = apiHandler('webhooks', webhooksRoutes, webhooksDeps, {
  'GET /1/webhooks': listWebhooksRoute,
  'GET /1/webhooks/{webhook_token}': getWebhookRoute,
  'PUT /1/webhooks/{webhook_token}/replay': replayWebhookRoute,
});
