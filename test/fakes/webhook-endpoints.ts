import type { Scope, WebhookEndpoint } from '@wattle/domain';
import { LimitReached, Missing, type WebhookEndpointsStore } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** The webhook endpoints port in memory, with the store's limit and refusals. */
export const fakeWebhookEndpoints = (
  limit = 5,
): WebhookEndpointsStore & { all: Map<string, WebhookEndpoint> } => {
  const all = new Map<string, WebhookEndpoint>();
  const of = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
      .map(([, endpoint]) => endpoint)
      .reverse();
  return {
    all,
    get: async (scope, token) => all.get(key(scope, token)) ?? null,
    list: async (scope, page) => {
      const items = of(scope);
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    live: async (scope) => of(scope),
    create: async (scope, endpoint) => {
      if (of(scope).length >= limit) throw new LimitReached('webhook endpoints', limit);
      all.set(key(scope, endpoint.token), endpoint);
    },
    delete: async (scope, token) => {
      if (!all.delete(key(scope, token))) throw new Missing('webhook endpoint', token);
    },
    // A deletion in memory never stops half-way: there is nothing left for the purge job.
    purge: async () => {},
  };
};
