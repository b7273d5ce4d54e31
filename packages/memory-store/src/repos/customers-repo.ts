import type { Card, Customer, Scope, Subscription, WattleEvent } from '@wattle/domain';
import {
  type CardIntake,
  Changed,
  type CustomerChange,
  type CustomersStore,
  type LoadedCustomer,
  Missing,
  type Page,
  type SealedCard,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';
import { subscriptionOf } from './subscription-records.ts';

interface StoredCustomer {
  customer: Customer;
  ver: number;
  sortKey: string;
}

interface StoredCard {
  card: Card;
  sealedNumber: string;
  sortKey: string;
}

const cardId = (scope: Scope, customerToken: string, cardToken: string) =>
  `${scoped(scope, customerToken)}#${cardToken}`;

/** What a failed condition on the customer means: it changed since it was read, or it is gone. */
const customerRefusal = (found: boolean, customerToken: string): Error =>
  found ? new Changed('customer', customerToken) : new Missing('customer', customerToken);

/** A merchant's customers and their cards; each card also names its owner (findCardOwner). */
export class CustomersRepo implements CustomersStore {
  private readonly customers;
  private readonly cards;
  private readonly owners;
  private readonly tokens: CardTokensRepo;
  private readonly paymentSources: PaymentSourcesRepo;

  constructor(private readonly world: MemoryWorld) {
    this.customers = world.table<StoredCustomer>('customer');
    this.cards = world.table<StoredCard>('customer-card');
    this.owners = world.table<string>('card-owner');
    this.tokens = new CardTokensRepo(world);
    this.paymentSources = new PaymentSourcesRepo(world);
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
    return this.owners.get(scoped(scope, cardToken)) ?? null;
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
    const id = scoped(scope, customer.token);
    const list = listKey(scope, 'customers');
    const change = new Change()
      .check(() => !this.customers.has(id), 'customer')
      .write(() => {
        const stored = {
          customer: copy(customer),
          ver: 1,
          sortKey: listSortKey(now, customer.token),
        };
        this.customers.set(id, stored);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      });
    this.takeCardIn(change, scope, customer.token, intake, now);
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async update(scope: Scope, change: CustomerChange, now: Date): Promise<void> {
    const { customer } = change;
    const id = scoped(scope, customer.token);
    const made = new Change()
      .check(
        () => this.customers.get(id)?.ver === change.expectedVersion,
        () => customerRefusal(this.customers.has(id), customer.token),
      )
      .write(() => {
        const stored = this.customers.get(id)!;
        stored.customer = copy(customer);
        stored.ver++;
      });
    if (change.intake) this.takeCardIn(made, scope, customer.token, change.intake, now);
    if (change.removedCardToken) {
      const removed = cardId(scope, customer.token, change.removedCardToken);
      made.check(() => this.cards.has(removed), 'removed-card');
      this.removeCardIn(made, scope, customer.token, change.removedCardToken);
    }
    this.world.outbox.recordIn(made, scope, change.event, now).commit();
  }

  async addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void> {
    const id = scoped(scope, customerToken);
    const change = new Change()
      .check(
        () => this.customers.has(id),
        () => new Missing('customer', customerToken),
      )
      .write(() => {
        this.customers.get(id)!.ver++;
      });
    this.takeCardIn(change, scope, customerToken, intake, now).commit();
  }

  async removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void> {
    const id = scoped(scope, customerToken);
    const change = new Change()
      .check(
        () => this.customers.has(id) && this.customers.get(id)!.customer.primaryCard.token !== cardToken,
        () => customerRefusal(this.customers.has(id), customerToken),
      )
      .check(
        () => this.cards.has(cardId(scope, customerToken, cardToken)),
        () => new Missing('card', cardToken),
      )
      .write(() => {
        this.customers.get(id)!.ver++;
      });
    this.removeCardIn(change, scope, customerToken, cardToken).commit();
  }

  async delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void> {
    const token = loaded.customer.token;
    const id = scoped(scope, token);
    const cardsList = listKey(scope, 'cards', token);
    const customersList = listKey(scope, 'customers');
    const change = new Change()
      .check(
        () => this.customers.get(id)?.ver === loaded.version,
        () => customerRefusal(this.customers.has(id), token),
      )
      .write(() => {
        for (const card of this.world.lists.all(cardsList)) {
          const stored = this.cards.get(card)!;
          this.cards.delete(card);
          this.owners.delete(scoped(scope, stored.card.token));
          this.world.lists.leave(cardsList, stored.sortKey);
        }
        this.world.lists.dropCount(cardsList);
        this.world.lists.leave(customersList, this.customers.get(id)!.sortKey);
        this.world.lists.move(customersList, -1);
        this.customers.delete(id);
      });
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  /** A card taken in (a token or a payment source used up by the same change), owned and counted. */
  private takeCardIn(
    change: Change,
    scope: Scope,
    customerToken: string,
    intake: CardIntake,
    now: Date,
  ): Change {
    const { card, sealedNumber } = intake.sealed;
    if (intake.from === 'token') this.tokens.consumeIn(change, scope, card.token, now);
    if (intake.from === 'payment_source')
      this.paymentSources.consumeIn(change, scope, intake.paymentSourceToken, now);
    const id = cardId(scope, customerToken, card.token);
    const owner = scoped(scope, card.token);
    const list = listKey(scope, 'cards', customerToken);
    return change
      .check(() => !this.cards.has(id), 'new-card')
      .check(() => !this.owners.has(owner), 'new-card-owner')
      .write(() => {
        const stored = { card: copy(card), sealedNumber, sortKey: listSortKey(now, card.token) };
        this.cards.set(id, stored);
        this.owners.set(owner, customerToken);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      });
  }

  private removeCardIn(change: Change, scope: Scope, customerToken: string, cardToken: string): Change {
    const id = cardId(scope, customerToken, cardToken);
    const list = listKey(scope, 'cards', customerToken);
    return change.write(() => {
      const stored = this.cards.get(id);
      if (!stored) return;
      this.cards.delete(id);
      this.owners.delete(scoped(scope, cardToken));
      this.world.lists.leave(list, stored.sortKey);
      this.world.lists.move(list, -1);
    });
  }
}
