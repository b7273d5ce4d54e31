import { GetCommand } from '@aws-sdk/lib-dynamodb';
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
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { queryItems } from '../kernel/merge-sorted.ts';
import { maxTransactionItems, type Transaction } from '../kernel/transaction.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';
import { toSubscription } from './subscriptions-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type CustomerLabel =
  | 'customer'
  | 'card'
  | 'card-owner'
  | 'cards-counter'
  | 'new-card'
  | 'new-card-owner'
  | 'removed-card'
  | 'removed-card-owner';

const customersCounter = (scope: Scope) => counter(lists.customers(scope), merchantWideShards);
const cardsCounter = (scope: Scope, customerToken: string) =>
  counter(lists.customerCards(scope, customerToken));

const toCustomerCard = (item: Record<string, unknown>): Card => item.card as Card;

/**
 * What a failed condition on the customer item means: it changed since it was read (or, for a
 * card's removal, the card became its primary), or it is not there at all.
 */
const customerRefused =
  (customerToken: string) =>
  (found: Record<string, unknown> | undefined): Error =>
    found ? new Changed('customer', customerToken) : new Missing('customer', customerToken);

export class CustomersRepo implements CustomersStore {
  private readonly tokens: CardTokensRepo;
  private readonly paymentSources: PaymentSourcesRepo;

  constructor(private readonly ctx: StoreContext) {
    this.tokens = new CardTokensRepo(ctx);
    this.paymentSources = new PaymentSourcesRepo(ctx);
  }

  async get(scope: Scope, customerToken: string): Promise<LoadedCustomer | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.customer(scope, customerToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return { customer: result.Item.customer as Customer, version: Number(result.Item.ver) };
  }

  async getCard(scope: Scope, customerToken: string, cardToken: string): Promise<SealedCard | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.customerCard(scope, customerToken, cardToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return { card: result.Item.card as Card, sealedNumber: result.Item.sealedNumber as string };
  }

  async findCardOwner(scope: Scope, cardToken: string): Promise<string | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.cardOwner(scope, cardToken),
        ConsistentRead: true,
      }),
    );
    return result.Item ? String(result.Item.customerToken) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Customer>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.customers(scope), counter: customersCounter(scope) },
      page,
      (item) => item.customer as Customer,
    );
  }

  listCards(scope: Scope, customerToken: string, page: number): Promise<Page<Card>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      {
        index: 'gsi1',
        listKey: lists.customerCards(scope, customerToken),
        counter: cardsCounter(scope, customerToken),
      },
      page,
      toCustomerCard,
    );
  }

  /** A customer's subscriptions (index gsi2): they join this list when they are created. */
  listSubscriptions(scope: Scope, customerToken: string, page: number): Promise<Page<Subscription>> {
    const listKey = lists.customerSubscriptions(scope, customerToken);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi2', listKey, counter: counter(listKey) },
      page,
      toSubscription,
    );
  }

  /** The customer with its first (primary) card, counted and recorded, in one transaction. */
  async create(
    scope: Scope,
    customer: Customer,
    intake: CardIntake,
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    const tx = newTransaction<CustomerLabel>(this.ctx).put('customer', {
      Item: this.customerItem(scope, customer, 1, now),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    this.takeCardIn(tx, scope, customer.token, intake, now);
    countIn(tx, customersCounter(scope), 1);
    countIn(tx, cardsCounter(scope, customer.token), 1);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc);
  }

  /**
   * Fields and primary card change together, guarded by the version read before: a concurrent
   * change makes this one throw Changed, and the caller starts over.
   */
  async update(scope: Scope, change: CustomerChange, now: Date): Promise<void> {
    const { customer } = change;
    const tx = newTransaction<CustomerLabel>(this.ctx).update('customer', {
      Key: keys.customer(scope, customer.token),
      UpdateExpression: 'SET #c = :c, ver = ver + :one',
      ConditionExpression: 'ver = :v',
      ExpressionAttributeNames: { '#c': 'customer' },
      ExpressionAttributeValues: { ':c': customer, ':v': change.expectedVersion, ':one': 1 },
    });
    let cardDelta = 0;
    if (change.intake) {
      this.takeCardIn(tx, scope, customer.token, change.intake, now);
      cardDelta++;
    }
    if (change.removedCardToken) {
      tx.delete('removed-card', {
        Key: keys.customerCard(scope, customer.token, change.removedCardToken),
        ConditionExpression: 'attribute_exists(pk)',
      });
      tx.delete('removed-card-owner', { Key: keys.cardOwner(scope, change.removedCardToken) });
      cardDelta--;
    }
    if (cardDelta !== 0) countIn(tx, cardsCounter(scope, customer.token), cardDelta);
    recordEvent(tx, scope, change.event, now);
    await tx.commit(this.ctx.doc, { customer: customerRefused(customer.token) });
  }

  /** A non-primary card added to the customer; the version moves so a racing delete starts over. */
  async addCard(scope: Scope, customerToken: string, intake: CardIntake, now: Date): Promise<void> {
    const tx = newTransaction<CustomerLabel>(this.ctx).update('customer', {
      Key: keys.customer(scope, customerToken),
      UpdateExpression: 'SET ver = ver + :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    });
    this.takeCardIn(tx, scope, customerToken, intake, now);
    countIn(tx, cardsCounter(scope, customerToken), 1);
    await tx.commit(this.ctx.doc, { customer: () => new Missing('customer', customerToken) });
  }

  /**
   * Removes a card that is not the primary one: the customer's condition fails (Changed) when
   * the card is its primary, the card's (Missing) when there is no such card.
   */
  async removeCard(scope: Scope, customerToken: string, cardToken: string): Promise<void> {
    const tx = newTransaction<CustomerLabel>(this.ctx)
      .update('customer', {
        Key: keys.customer(scope, customerToken),
        UpdateExpression: 'SET ver = ver + :one',
        ConditionExpression: 'attribute_exists(pk) AND #c.primaryCard.#t <> :card',
        ExpressionAttributeNames: { '#c': 'customer', '#t': 'token' },
        ExpressionAttributeValues: { ':one': 1, ':card': cardToken },
      })
      .delete('card', {
        Key: keys.customerCard(scope, customerToken, cardToken),
        ConditionExpression: 'attribute_exists(pk)',
      })
      .delete('card-owner', { Key: keys.cardOwner(scope, cardToken) });
    countIn(tx, cardsCounter(scope, customerToken), -1);
    await tx.commit(this.ctx.doc, {
      customer: customerRefused(customerToken),
      card: () => new Missing('card', cardToken),
    });
  }

  /**
   * The customer and all its cards. Cards beyond what one transaction holds go first, in their
   * own transactions; the last one removes the customer under its version, with the event. Each
   * of them throws Changed when the customer changed since it was read, Missing when it is gone.
   */
  async delete(scope: Scope, loaded: LoadedCustomer, event: WattleEvent, now: Date): Promise<void> {
    const token = loaded.customer.token;
    const cardTokens = await this.cardTokensOf(scope, token);
    const nonPrimary = cardTokens.filter((t) => t !== loaded.customer.primaryCard.token);
    // Each card is two items: the card and its owner record.
    const room = Math.floor((maxTransactionItems - 6) / 2);
    const refusals = { customer: customerRefused(token) };
    let version = loaded.version;
    while (nonPrimary.length > room) {
      const batch = nonPrimary.splice(0, room);
      const tx = newTransaction<CustomerLabel>(this.ctx).update('customer', {
        Key: keys.customer(scope, token),
        UpdateExpression: 'SET ver = ver + :one',
        ConditionExpression: 'ver = :v',
        ExpressionAttributeValues: { ':one': 1, ':v': version },
      });
      for (const cardToken of batch) this.removeCardIn(tx, scope, token, cardToken);
      countIn(tx, cardsCounter(scope, token), -batch.length);
      await tx.commit(this.ctx.doc, refusals);
      version++;
    }
    const tx = newTransaction<CustomerLabel>(this.ctx).delete('customer', {
      Key: keys.customer(scope, token),
      ConditionExpression: 'ver = :v',
      ExpressionAttributeValues: { ':v': version },
    });
    for (const cardToken of [...nonPrimary, loaded.customer.primaryCard.token]) {
      this.removeCardIn(tx, scope, token, cardToken);
    }
    tx.delete('cards-counter', { Key: keys.counterShard(lists.customerCards(scope, token), 0) });
    countIn(tx, customersCounter(scope), -1);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, refusals);
  }

  /** Every card of the customer, read from its own partition (strongly consistent). */
  private async cardTokensOf(scope: Scope, customerToken: string): Promise<string[]> {
    const { pk } = keys.customer(scope, customerToken);
    const tokens: string[] = [];
    const cards = queryItems(this.ctx.doc, {
      TableName: this.ctx.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.customerCardPrefix },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    });
    for await (const item of cards) tokens.push(String(item.sk).slice(keys.customerCardPrefix.length));
    return tokens;
  }

  private customerItem(scope: Scope, customer: Customer, version: number, createdAt: Date) {
    return {
      ...keys.customer(scope, customer.token),
      _et: 'customer',
      customer,
      ver: version,
      ...listMembership('gsi1', lists.customers(scope), listSortKey(createdAt, customer.token)),
    };
  }

  private takeCardIn(
    tx: Transaction<CustomerLabel>,
    scope: Scope,
    customerToken: string,
    intake: CardIntake,
    now: Date,
  ): void {
    const { card, sealedNumber } = intake.sealed;
    if (intake.from === 'token') this.tokens.consumeIn(tx, scope, card.token, now);
    if (intake.from === 'payment_source')
      this.paymentSources.consumeIn(tx, scope, intake.paymentSourceToken, now);
    tx.put('new-card', {
      Item: {
        ...keys.customerCard(scope, customerToken, card.token),
        _et: 'customer_card',
        customerToken,
        card,
        sealedNumber,
        ...listMembership('gsi1', lists.customerCards(scope, customerToken), listSortKey(now, card.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    tx.put('new-card-owner', {
      Item: { ...keys.cardOwner(scope, card.token), _et: 'card_owner', customerToken },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  }

  /** A card of a deleted customer goes with the record of its owner. */
  private removeCardIn(
    tx: Transaction<CustomerLabel>,
    scope: Scope,
    customerToken: string,
    cardToken: string,
  ): void {
    tx.delete('card', { Key: keys.customerCard(scope, customerToken, cardToken) });
    tx.delete('card-owner', { Key: keys.cardOwner(scope, cardToken) });
  }
}
