import { deliveryQueue, type RuntimeDeps, runtimeDeps } from '@wattle/runtime';
import { type DeliveryQueue, type SendOutcome, sendWebhook, type WebhookRequest } from '@wattle/webhooks';

export interface DeliveryDeps extends RuntimeDeps {
  queue: DeliveryQueue;
  send: (request: WebhookRequest) => Promise<SendOutcome>;
}

let built: DeliveryDeps | undefined;

/**
 * The delivery function's dependencies, configured once. Only the local stack sets
 * WATTLE_WEBHOOK_ALLOW_LOOPBACK (its receivers run on the same machine); in AWS the SSRF guard
 * refuses loopback like every other internal address.
 */
export const deliveryDeps = (env: NodeJS.ProcessEnv = process.env): DeliveryDeps => {
  if (built) return built;
  const allowLoopback = env.WATTLE_WEBHOOK_ALLOW_LOOPBACK === 'true';
  built = {
    ...runtimeDeps(),
    queue: deliveryQueue(env),
    send: (request) => sendWebhook(request, { allowLoopback }),
  };
  return built;
};
