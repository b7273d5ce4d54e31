import { PinError, type Scope, type Webhook } from '@wattle/domain';
import type { LoadedWebhook, Page, WebhooksStore } from '@wattle/ports';

type Deps = { webhooks: WebhooksStore };

/** The webhook as loaded, or 404 (also for another merchant's or environment's). */
export const loadWebhook = async (
  { webhooks }: Deps,
  scope: Scope,
  webhookToken: string,
): Promise<LoadedWebhook> => {
  const loaded = await webhooks.get(scope, webhookToken);
  if (!loaded) throw new PinError('resource_not_found');
  return loaded;
};

export const getWebhook = async (deps: Deps, scope: Scope, webhookToken: string): Promise<Webhook> =>
  (await loadWebhook(deps, scope, webhookToken)).webhook;

/** Newest first. */
export const listWebhooks = ({ webhooks }: Deps, scope: Scope, page: number): Promise<Page<Webhook>> =>
  webhooks.list(scope, page);
