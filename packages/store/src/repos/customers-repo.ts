import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Card, Customer, Scope, Subscription } from '@wattle/domain';
import {
  type CustomersStore,
  CustomerWrites,
  type LoadedCustomer,
  type Page,
  type SealedCard,
} from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { queryItems } from '../kernel/merge-sorted.ts';
import { StoreWrites } from './store-writes.ts';
import { toSubscription } from './subscriptions-repo.ts';

const customersCounter = (scope: Scope) => counter(lists.customers(scope), merchantWideShards);
const cardsCounter = (scope: Scope, customerToken: string) =>
  counter(lists.customerCards(scope, customerToken));

const toCustomerCard = (item: Record<string, unknown>): Card => item.card as Card;

/** A merchant's customers and their cards; their writes are @wattle/ports' (customer-writes.ts). */
export class CustomersRepo extends CustomerWrites implements CustomersStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
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

  /** Every card of the customer, read from its own partition (strongly consistent). */
  protected async cardTokensOf(scope: Scope, customerToken: string): Promise<string[]> {
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
}
