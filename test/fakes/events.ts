import type { Scope, WattleEvent } from '@wattle/domain';
import type { EventsStore } from '@wattle/ports';

const keyOf = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** The events port in memory; `add` stands for the outbox write of a change. */
export const fakeEvents = (): EventsStore & { add(scope: Scope, event: WattleEvent): void } => {
  const all = new Map<string, WattleEvent>();
  const of = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
      .map(([, event]) => event)
      .reverse();
  return {
    add: (scope, event) => {
      all.set(keyOf(scope, event.token), event);
    },
    get: async (scope, token) => all.get(keyOf(scope, token)) ?? null,
    list: async (scope, page) => {
      const items = of(scope);
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
  };
};
