import { PinError, type Scope, toTimestamp, type WebhookEndpoint } from '@wattle/domain';
import { type Clock, type Ids, LimitReached, type Secrets, type WebhookEndpointsStore } from '@wattle/ports';

export interface CreateWebhookEndpointDeps {
  webhookEndpoints: WebhookEndpointsStore;
  clock: Clock;
  ids: Ids;
  secrets: Secrets;
}

/** POST /webhook_endpoints: an endpoint with a fresh signing key, within the merchant's limit. */
export const createWebhookEndpoint = async (
  { webhookEndpoints, clock, ids, secrets }: CreateWebhookEndpointDeps,
  scope: Scope,
  url: string,
): Promise<WebhookEndpoint> => {
  const now = clock.now();
  const endpoint: WebhookEndpoint = {
    token: ids.token('whe'),
    // 16 random bytes: 128 bits, 22 characters, the length of Pin's keys (issue 41).
    key: secrets.secret(16),
    url,
    createdAt: toTimestamp(now),
    updatedAt: toTimestamp(now),
  };
  try {
    await webhookEndpoints.create(scope, endpoint, now);
  } catch (error) {
    if (error instanceof LimitReached) throw new PinError('limit_reached');
    throw error;
  }
  return endpoint;
};
