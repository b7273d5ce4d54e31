import { type AttributeValue, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Environment, Scope, WattleEvent } from '@wattle/domain';
import { type EventsStore, jobKinds, type Page, type ScopedEvent } from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { counter, countIn, merchantWideShards } from './counters.ts';
import { StoreError } from './errors.ts';
import { keys, listSortKey, lists } from './keys.ts';
import { listMembership, readPage } from './list-page.ts';
import { dueIndexKeys, dueItems } from './schedule.ts';
import type { Transaction } from './transaction.ts';

const eventsCounter = (scope: Scope) => counter(lists.events(scope), merchantWideShards);

/**
 * The outbox: the event item is written by the very transaction that makes the change it records,
 * so an event exists exactly when its change does. The table stream carries it on to delivery.
 * Until its fan-out is done the item is also in the due index (sparse gsi3 attributes, no item
 * of its own: one more index write now, and the fan-out's update later, see TABLE.md), so the
 * scheduler finds an event the stream never delivered.
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
      ...listMembership('gsi1', lists.events(scope), listSortKey(createdAt, event.token)),
      ...dueIndexKeys(jobKinds.eventFanOut, event.token, createdAt),
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

const scopedEvent = (item: Record<string, unknown>): ScopedEvent => ({
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  event: toEvent(item),
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
  return scopedEvent(item);
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

  /** From the due index: its items are the event items themselves (projection ALL), no second read. */
  async awaitingFanOut(writtenBy: Date, limit = 100): Promise<ScopedEvent[]> {
    const items = await dueItems(this.ctx, jobKinds.eventFanOut, writtenBy, limit);
    return items.sort((a, b) => String(a.gsi3sk).localeCompare(String(b.gsi3sk))).map(scopedEvent);
  }

  /**
   * Takes the event out of the due index: a plain update (one write unit, and the two indexes'),
   * not a transaction's two. Done already (a redelivered message, or a pre-marker event), the
   * condition fails and nothing changes.
   */
  async fanOutDone(scope: Scope, eventToken: string): Promise<void> {
    try {
      await this.ctx.doc.send(
        new UpdateCommand({
          TableName: this.ctx.tableName,
          Key: keys.event(scope, eventToken),
          UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
          ConditionExpression: 'attribute_exists(gsi3pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
