import type { Card, Customer, Scope, WattleEvent } from '@wattle/domain';
import {
  type CardIntake,
  Changed,
  type CustomersStore,
  type LoadedCustomer,
  Missing,
  type Page,
  type SealedCard,
} from '@wattle/ports';
import type { FakeCardTokens } from './customer-card-tokens.ts';
import type { FakePaymentSources } from './payment-sources.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/** Newest first, 25 a page, as the store's lists. */
const pageOf = <T>(oldestFirst: T[], page: number): Page<T> => {
  const items = [...oldestFirst].reverse();
  return { items: items.slice((page - 1) * 25, page * 25), total: items.length };
};

interface Entry {
  customer: Customer;
  version: number;
  /** The customer's cards (the primary among them), oldest first. */
  cards: Map<string, SealedCard>;
}

/**
 * The customers port in memory, with the store's versions and refusals: a change or deletion
 * made from a stale version throws Changed, one on a customer (or card) that is gone throws
 * Missing, a card token taken in is used up (TokenUsed) by the same write, and nothing of a
 * refused write is kept. Every write that succeeds moves the version, as in the table.
 */
export const fakeCustomers = (
  cardTokens: FakeCardTokens,
  paymentSources: Pick<FakePaymentSources, 'consume'>,
): CustomersStore & { events: WattleEvent[] } => {
  const all = new Map<string, Entry>();
  const events: WattleEvent[] = [];
  const ofScope = (scope: Scope) =>
    [...all.entries()].filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`));
  const live = (scope: Scope, customerToken: string): Entry => {
    const entry = all.get(key(scope, customerToken));
    if (!entry) throw new Missing('customer', customerToken);
    return entry;
  };
  const current = (scope: Scope, customerToken: string, expectedVersion: number): Entry => {
    const entry = live(scope, customerToken);
    if (entry.version !== expectedVersion) throw new Changed('customer', customerToken);
    return entry;
  };
  const takeIn = (scope: Scope, intake: CardIntake, now: Date) => {
    if (intake.from === 'token') cardTokens.use(scope, intake.sealed.card.token, now);
    if (intake.from === 'payment_source') paymentSources.consume(scope, intake.paymentSourceToken, now);
  };

  return {
    events,
    get: async (scope, customerToken): Promise<LoadedCustomer | null> => {
      const entry = all.get(key(scope, customerToken));
      return entry ? { customer: structuredClone(entry.customer), version: entry.version } : null;
    },
    getCard: async (scope, customerToken, cardToken) =>
      all.get(key(scope, customerToken))?.cards.get(cardToken) ?? null,
    findCardOwner: async (scope, cardToken) =>
      ofScope(scope).find(([, entry]) => entry.cards.has(cardToken))?.[1].customer.token ?? null,
    list: async (scope, page) =>
      pageOf(
        ofScope(scope).map(([, entry]) => entry.customer),
        page,
      ),
    listCards: async (scope, customerToken, page) => {
      const cards: Card[] = [...(all.get(key(scope, customerToken))?.cards.values() ?? [])].map(
        (s) => s.card,
      );
      return pageOf(cards, page);
    },
    // Subscriptions join a customer's list through the subscriptions' store: none here.
    listSubscriptions: async (_scope, _customerToken, page) => pageOf([], page),
    create: async (scope, customer, intake, event, now) => {
      takeIn(scope, intake, now);
      all.set(key(scope, customer.token), {
        customer: structuredClone(customer),
        version: 1,
        cards: new Map([[intake.sealed.card.token, intake.sealed]]),
      });
      events.push(event);
    },
    update: async (scope, change, now) => {
      const entry = current(scope, change.customer.token, change.expectedVersion);
      if (change.intake) takeIn(scope, change.intake, now);
      entry.customer = structuredClone(change.customer);
      entry.version++;
      if (change.intake) entry.cards.set(change.intake.sealed.card.token, change.intake.sealed);
      if (change.removedCardToken) entry.cards.delete(change.removedCardToken);
      events.push(change.event);
    },
    addCard: async (scope, customerToken, intake, now) => {
      const entry = live(scope, customerToken);
      takeIn(scope, intake, now);
      entry.cards.set(intake.sealed.card.token, intake.sealed);
      entry.version++;
    },
    removeCard: async (scope, customerToken, cardToken) => {
      const entry = live(scope, customerToken);
      if (entry.customer.primaryCard.token === cardToken) throw new Changed('customer', customerToken);
      if (!entry.cards.delete(cardToken)) throw new Missing('card', cardToken);
      entry.version++;
    },
    delete: async (scope, loaded, event) => {
      current(scope, loaded.customer.token, loaded.version);
      all.delete(key(scope, loaded.customer.token));
      events.push(event);
    },
  };
};

export type FakeCustomers = ReturnType<typeof fakeCustomers>;
