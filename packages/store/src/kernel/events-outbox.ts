import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type Environment, type Scope, toEpochSeconds, type WattleEvent } from '@wattle/domain';
import type { EventsStore, Page, ScopedEvent } from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { counter, countIn, merchantWideShards } from './counters.ts';
import { StoreError } from './errors.ts';
import { keys, listSortKey, lists } from './keys.ts';
import { listMembership, readPage } from './list-page.ts';
import type { Transaction } from './transaction.ts';

export const eventsCounter = (scope: Scope) => counter(lists.events(scope), merchantWideShards);

/**
 * The outbox: the event item is written by the very transaction that makes the change it records,
 * so an event exists exactly when its change does. The table stream carries it on to delivery.
 * It expires after the retention (TTL); the expiry consumer then takes it out of the count.
 */
export const recordEvent = (
  tx: Transaction,
  scope: Scope,
  event: WattleEvent,
  createdAt: Date,
): Transaction => {
  tx.put(`event:${event.type}`, {
    Item: {
      ...keys.event(scope, event.token),
      _et: 'event',
      accountId: scope.accountId,
      environment: scope.environment,
      token: event.token,
      type: event.type,
      data: JSON.stringify(event.data),
      createdAt: event.createdAt,
      expiresAt: toEpochSeconds(createdAt) + tx.retention.eventsSeconds,
      ...listMembership('gsi1', lists.events(scope), listSortKey(createdAt, event.token)),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return countIn(tx, eventsCounter(scope), 1);
};

const toEvent = (item: Record<string, unknown>): WattleEvent => ({
  token: item.token as string,
  type: item.type as WattleEvent['type'],
  data: JSON.parse(item.data as string) as Record<string, unknown>,
  createdAt: item.createdAt as string,
});

/**
 * The event in a table stream record, as the Pipe (or the local stack's poller) puts it on the
 * events queue: the record's JSON, the item under `dynamodb.NewImage` in attribute-value form.
 */
export const eventOfStreamRecord = (body: string): ScopedEvent => {
  const record = JSON.parse(body) as { dynamodb?: { NewImage?: Record<string, AttributeValue> } };
  const image = record.dynamodb?.NewImage;
  if (!image) throw new StoreError('The stream record carries no new image');
  const item = unmarshall(image);
  const text = ['token', 'type', 'data', 'createdAt', 'accountId', 'environment'];
  if (item._et !== 'event' || text.some((name) => typeof item[name] !== 'string'))
    throw new StoreError('The stream record is not an event item');
  return {
    scope: { accountId: item.accountId as string, environment: item.environment as Environment },
    event: toEvent(item),
  };
};

export class EventsRepo implements EventsStore {
  constructor(private readonly ctx: StoreContext) {}

  async get(scope: Scope, token: string): Promise<WattleEvent | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({ TableName: this.ctx.tableName, Key: keys.event(scope, token) }),
    );
    return result.Item ? toEvent(result.Item) : null;
  }

  list(scope: Scope, page: number): Promise<Page<WattleEvent>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.events(scope), counter: eventsCounter(scope) },
      page,
      toEvent,
    );
  }
}
