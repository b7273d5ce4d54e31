import { PinError, presentWebhookEndpoint, toTimestamp, type WebhookEndpoint } from '@wattle/domain';
import { type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import { randomSecret } from '@wattle/runtime';
import { ConditionFailedError } from '@wattle/store';
import { createWebhookEndpointSchema } from './schemas.ts';

/** POST /webhook_endpoints: an endpoint with a fresh signing key, within the merchant's limit. */
export const createWebhookEndpoint: RouteHandler = async (request, { store, clock, ids }) => {
  const input = validate(createWebhookEndpointSchema, request.body);
  const now = clock.now();
  const endpoint: WebhookEndpoint = {
    token: ids.token('whe'),
    key: randomSecret(32),
    url: input.url,
    createdAt: toTimestamp(now),
    updatedAt: toTimestamp(now),
  };
  try {
    await store.webhookEndpoints.create(scopeOf(request), endpoint, now);
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label.startsWith('counter:'))
      throw new PinError('limit_reached');
    throw error;
  }
  return resource(201, presentWebhookEndpoint(endpoint));
};
