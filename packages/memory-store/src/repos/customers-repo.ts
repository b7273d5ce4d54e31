import type { Card, Customer, Scope, Subscription } from '@wattle/domain';
import {
  type CustomersStore,
  CustomerWrites,
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
export class CustomersRepo extends CustomerWrites implements CustomersStore {
  private readonly customers;
  private readonly cards;
  private readonly owners;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
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

  /** Every card of the customer, oldest first. */
  protected async cardTokensOf(scope: Scope, customerToken: string): Promise<string[]> {
    return this.world.lists
      .all(listKey(scope, 'cards', customerToken))
      .map((id) => this.cards.get(id)!.card.token);
  }
}
