import { PinError, type Scope, type WebhookEndpoint } from '@wattle/domain';
import type { Page, WebhookEndpointsStore } from '@wattle/ports';

type Deps = { webhookEndpoints: WebhookEndpointsStore };

/** The endpoint, or 404 (also for another merchant's or environment's). */
export const getWebhookEndpoint = async (
  { webhookEndpoints }: Deps,
  scope: Scope,
  endpointToken: string,
): Promise<WebhookEndpoint> => {
  const endpoint = await webhookEndpoints.get(scope, endpointToken);
  if (!endpoint) throw new PinError('resource_not_found');
  return endpoint;
};

export const listWebhookEndpoints = (
  { webhookEndpoints }: Deps,
  scope: Scope,
  page: number,
): Promise<Page<WebhookEndpoint>> => webhookEndpoints.list(scope, page);
