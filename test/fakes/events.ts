import type { Scope, WattleEvent } from '@wattle/domain';
import type { EventsStore, ScopedEvent } from '@wattle/ports';

const keyOf = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * The events port in memory; `add` stands for the outbox write of a change, which leaves the event
 * awaiting its fan-out (written at its `createdAt`).
 */
export const fakeEvents = (): EventsStore & {
  add(scope: Scope, event: WattleEvent): void;
  /** Whether the event still awaits its fan-out. */
  awaiting(scope: Scope, token: string): boolean;
} => {
  const all = new Map<string, ScopedEvent>();
  const awaiting = new Set<string>();
  const of = (scope: Scope) =>
    [...all.entries()]
      .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
      .map(([, scoped]) => scoped.event)
      .reverse();
  return {
    add: (scope, event) => {
      all.set(keyOf(scope, event.token), { scope, event });
      awaiting.add(keyOf(scope, event.token));
    },
    awaiting: (scope, token) => awaiting.has(keyOf(scope, token)),
    get: async (scope, token) => all.get(keyOf(scope, token))?.event ?? null,
    list: async (scope, page) => {
      const items = of(scope);
      return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
    },
    awaitingFanOut: async (writtenBy, limit = 100) =>
      [...awaiting]
        .map((key) => all.get(key)!)
        .filter(({ event }) => Date.parse(event.createdAt) <= writtenBy.getTime())
        .sort((a, b) => Date.parse(a.event.createdAt) - Date.parse(b.event.createdAt))
        .slice(0, limit),
    fanOutDone: async (scope, event) => {
      awaiting.delete(keyOf(scope, event.token));
    },
  };
};
