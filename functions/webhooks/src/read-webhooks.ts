import { PinError, presentWebhook, type Scope } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import type { LoadedWebhook, Store } from '@wattle/store';

/** The webhook named in the path, or 404 (also for another merchant's or environment's). */
export const loadWebhook = async (
  store: Store,
  scope: Scope,
  webhookToken: string,
): Promise<LoadedWebhook> => {
  const loaded = await store.webhooks.get(scope, webhookToken);
  if (!loaded) throw new PinError('resource_not_found');
  return loaded;
};

export const getWebhook: RouteHandler = async (request, { store }) => {
  const { webhook } = await loadWebhook(store, scopeOf(request), request.params.webhook_token!);
  return resource(200, presentWebhook(webhook));
};

export const listWebhooks: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('short', page, await store.webhooks.list(scopeOf(request), page), presentWebhook);
};
