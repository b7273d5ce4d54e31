import { apiHandler } from '@wattle/http';
import { getWebhook, listWebhooks } from './read-webhooks.ts';
import { replayWebhook } from './replay-webhook.ts';

export const handler = apiHandler('webhooks', {
  'GET /1/webhooks': listWebhooks,
  'GET /1/webhooks/{webhook_token}': getWebhook,
  'PUT /1/webhooks/{webhook_token}/replay': replayWebhook,
});
