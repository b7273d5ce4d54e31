import type { Card, Customer, Scope, Subscription, WattleEvent } from '@wattle/domain';
import {
  type CardIntake,
  type CustomerChange,
  type CustomersStore,
  cardAddition,
  cardRemovalOf,
  customerCreation,
  customerDeletion,
  customerUpdate,
  type LoadedCustomer,
  type Page,
  type SealedCard,
} from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';
import { subscriptionOf } from './subscription-records.ts';

interface StoredCustomer {
  customer: Customer;
  ver: number;
}

interface StoredCard {
  card: Card;
  sealedNumber: string;
}

const cardId = (scope: Scope, customerToken: string, cardToken: string) =>
  `${scoped(scope, customerToken)}#${cardToken}`;

/** A merchant's customers and their cards; their writes are @wattle/ports' (customer-writes.ts). */
export class CustomersRepo implements CustomersStore {
  private readonly customers;
  private readonly cards;
  private readonly owners;
  private readonly writes: StoreWrites;

  constructor(private readonly world: MemoryWorld) {
    this.writes = new StoreWrites(world);
    this.customers = world.table<StoredCustomer>('customer');
    this.cards = world.table<StoredCard>('customer-card');
    this.owners = world.table<{ customerToken: string }>('card-owner');
  }

  async get(scope: Scope, customerToken: string): Promise<LoadedCustomer | null> {
    const stored = this.customers.get(scoped(scope, customerToken));
    return stored ? { customer: copy(stored.customer), version: stored.ver } : null;
  }

  async getCard(scope: Scope, customerToken: string, cardToken: string): Promise<SealedCard | null> {
    const stored = this.cards.get(cardId(scope, customerToken, cardToken));
    return stored ? { card: copy(stored.card), sealedNumber: stored.sealedNumber } : null;
  }

  async findCardOwner(scope: Scope, cardToken: string): Promise<string | null> {
    return this.owners.get(scoped(scope, cardToken))?.customerToken ?? null;
  }

  async list(scope: Scope, page: number): Promise<Page<Customer>> {
    return pageOf(this.world.lists.page(listKey(scope, 'customers'), page), (id) => {
      const stored = this.customers.get(id);
      return stored ? copy(stored.customer) : undefined;
    });
  }

  async listCards(scope: Scope, customerToken: string, page: number): Promise<Page<Card>> {
    return pageOf(this.world.lists.page(listKey(scope, 'cards', customerToken), page), (id) => {
      const stored = this.cards.get(id);
      return stored ? copy(stored.card) : undefined;
    });
  }

  async listSubscriptions(scope: Scope, customerToken: string, page: number): Promise<Page<Subscription>> {
    return pageOf(this.world.lists.page(listKey(scope, 'subscriptions', customerToken), page), (id) =>
      subscriptionOf(this.world, id),
    );
  }

  async create(scope: Scope, customer: Customer, intake: CardIntake, event: WattleEvent, now: Date) {
    this.writes.commit(scope, customerCreation(customer, intake, event, now), now);
  }

  async update(scope: Scope, change: CustomerChange, now: Date): Promise<void> {
    this.writes.commit(scope, customerUpdate(change, now), now);
  }

  async addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void> {
    this.writes.commit(scope, cardAddition(customerToken, intake, now), now);
  }

  async removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void> {
    this.writes.commit(scope, cardRemovalOf(customerToken, cardToken), new Date());
  }

  /** The customer and every card of it (one change holds them all here). */
  async delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void> {
    const token = loaded.customer.token;
    const cardTokens = this.world.lists
      .all(listKey(scope, 'cards', token))
      .map((id) => this.cards.get(id)!.card.token);
    this.writes.commit(scope, customerDeletion(loaded, loaded.version, cardTokens, event), now);
  }
}
