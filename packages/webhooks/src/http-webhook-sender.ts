import type { WebhookSender } from '@wattle/ports';
import { sendWebhook, webhookHeaders } from './send-webhook.ts';
import { signPinSignature } from './signature.ts';

/**
 * The sender over HTTP(S), signing each body. Only the local stack sets
 * WATTLE_WEBHOOK_ALLOW_LOOPBACK (its receivers run on the same machine), before its functions
 * first send: it is read at each send, not when the deps are composed. In AWS the SSRF guard
 * refuses loopback like every other internal address.
 */
export const httpWebhookSender = (env: NodeJS.ProcessEnv = process.env): WebhookSender => ({
  // `t` is the wall clock's, not the service clock's: receivers check it against their own
  // clock, which moving the local stack's clock does not move.
  send: async ({ url, body, key }) => {
    const request = { url, body, signature: signPinSignature(body, key, new Date()) };
    const outcome = await sendWebhook(request, {
      allowLoopback: env.WATTLE_WEBHOOK_ALLOW_LOOPBACK === 'true',
    });
    return { outcome, headers: webhookHeaders(request) };
  },
});
