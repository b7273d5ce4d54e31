import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { type Environment, type Scope, toEpochSeconds, type WattleEvent } from '@wattle/domain';
import type { EventsStore, Page, ScopedEvent } from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { type CounterLabel, counter, countIn, merchantWideShards } from './counters.ts';
import { duePage, firstDuePage } from './due-reads.ts';
import { StoreError } from './errors.ts';
import { decodeEventData, encodeEventData } from './event-data.ts';
import { fanOutMarkerPrefix, keys, listSortKey, lists, scopedTokenOf } from './keys.ts';
import { listMembership, readPage } from './list-page.ts';
import { duePartition, jobShards } from './schedule.ts';
import { shardOfToken } from './shards.ts';
import type { Transaction } from './transaction.ts';

/** The labels of the items recording an event in a transaction: the event, its fan-out marker, its count. */
export type EventLabel = `event:${string}` | `fan-out:${string}` | CounterLabel;

export const eventsCounter = (scope: Scope) => counter(lists.events(scope), merchantWideShards);

/** Every event of a merchant joins its events list: spread over this many index partitions. */
export const eventListShards = 4;

/**
 * Fan-out markers are in the due partitions (keys.fanOutMarker), before every due item: a
 * scheduler run's one Query of each partition reads the due jobs and the markers together
 * (due-reads.ts). Named by the event, not its time, a second's markers land all over the range,
 * so DynamoDB can split the partition between them: no partition's 1,000 write units a second
 * caps the events.
 */
const fanOutMarkerKey = (scope: Scope, event: Pick<WattleEvent, 'token'>) =>
  keys.fanOutMarker(scope, event.token, duePartition(shardOfToken(event.token, jobShards)));

/** Where the release before migration 4 put the marker (deleted too until the contract release). */
const fanOutMarkerKeyBefore = (scope: Scope, event: Pick<WattleEvent, 'token' | 'createdAt'>) =>
  keys.fanOutMarkerBefore(
    scope,
    event.token,
    new Date(event.createdAt).toISOString(),
    shardOfToken(event.token, jobShards),
  );

/**
 * The markers after a partition's first page are read this many at once (about 170 KB): they are
 * in flight or overdue in no order of time, so a run with many in flight reads them all.
 */
const markerPageSize = 1000;

/** The highest sort key of a marker, for a read of markers only. */
const markersUpper = `${fanOutMarkerPrefix}\uffff`;

/**
 * The outbox: the event item is written by the very transaction that makes the change it records,
 * so an event exists exactly when its change does. The table stream carries it on to delivery.
 * Beside it the transaction writes the event's fan-out marker, a small item its fan-out deletes
 * once done, so the scheduler finds an event the stream never delivered (TABLE.md: 3 write units,
 * against 4 for putting the event item itself into an index and taking it out again).
 * It expires after the retention (TTL); the expiry consumer then takes it out of the count.
 */
export const recordEvent = <L extends string>(
  tx: Transaction<L | EventLabel>,
  scope: Scope,
  event: WattleEvent,
  createdAt: Date,
): Transaction<L | EventLabel> => {
  tx.put(`event:${event.type}`, {
    Item: {
      // The scope and token are read from the key (scopedTokenOf): the item stays under 1 KB.
      ...keys.event(scope, event.token),
      _et: 'event',
      type: event.type,
      data: encodeEventData(event.data),
      createdAt: event.createdAt,
      expiresAt: toEpochSeconds(createdAt) + tx.retention.eventsSeconds,
      ...listMembership('gsi1', lists.events(scope), listSortKey(createdAt, event.token), eventListShards),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  tx.put(`fan-out:${event.type}`, {
    Item: {
      ...fanOutMarkerKey(scope, event),
      _et: 'fan_out_marker',
      accountId: scope.accountId,
      environment: scope.environment,
      token: event.token,
      createdAt: new Date(event.createdAt).toISOString(),
    },
  });
  return countIn(tx, eventsCounter(scope), 1);
};

/** The event's scope and token: from its key (items written before also carry them as attributes). */
const ownerOf = (item: Record<string, unknown>): { scope: Scope; token: string } => {
  const owner = typeof item.pk === 'string' ? scopedTokenOf(item.pk) : null;
  if (!owner) throw new StoreError('The event item has no event key');
  return owner;
};

const toEvent = (item: Record<string, unknown>): WattleEvent => ({
  token: ownerOf(item).token,
  type: item.type as WattleEvent['type'],
  data: decodeEventData(item.data),
  createdAt: item.createdAt as string,
});

const scopedEvent = (item: Record<string, unknown>): ScopedEvent => ({
  scope: ownerOf(item).scope,
  event: toEvent(item),
});

/** A Binary in a stream record as a Pipe (or Lambda) delivers it is base64 text. */
const withBinaryData = (image: Record<string, AttributeValue>): Record<string, AttributeValue> => {
  const data = image.data as { B?: unknown } | undefined;
  return typeof data?.B === 'string' ? { ...image, data: { B: Buffer.from(data.B, 'base64') } } : image;
};

/**
 * The event in a table stream record, as the Pipe (or the local stack's poller) puts it on the
 * events queue: the record's JSON, the item under `dynamodb.NewImage` in attribute-value form.
 */
export const eventOfStreamRecord = (body: string): ScopedEvent => {
  const record = JSON.parse(body) as { dynamodb?: { NewImage?: Record<string, AttributeValue> } };
  const image = record.dynamodb?.NewImage;
  if (!image) throw new StoreError('The stream record carries no new image');
  const item = unmarshall(withBinaryData(image));
  const text = ['pk', 'type', 'createdAt'];
  if (item._et !== 'event' || text.some((name) => typeof item[name] !== 'string'))
    throw new StoreError('The stream record is not an event item');
  return scopedEvent(item);
};

/**
 * The stream record of a new event item as the Pipe puts it on the events queue (what
 * eventOfStreamRecord reads): for an engine without the table's stream (the local stack's memory
 * engine), so its events reach the delivery function in the one format that function reads. Its
 * `data` is the JSON text, the form items written before the deflated format hold and every reader
 * still reads: deflating keeps a table item under 1 KB, which a record in memory has no need of,
 * and deflating and inflating it again cost more than the rest of the record's making and reading.
 */
export const eventStreamRecord = ({ scope, event }: ScopedEvent): string => {
  const image = marshall({
    ...keys.event(scope, event.token),
    _et: 'event',
    type: event.type,
    data: JSON.stringify(event.data),
    createdAt: event.createdAt,
  });
  return JSON.stringify({ eventName: 'INSERT', dynamodb: { NewImage: image } });
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
      { index: 'gsi1', listKey: lists.events(scope), counter: eventsCounter(scope), shards: eventListShards },
      page,
      toEvent,
    );
  }

  /**
   * The markers written by `writtenBy` (oldest first), up to `limit` per due partition, and their
   * events (one consistent BatchGet). A marker whose event is gone (expired) is deleted: nothing to
   * fan out. Its first read of each partition is the scheduler's due read's, when they start together.
   */
  async awaitingFanOut(writtenBy: Date, limit = 25): Promise<ScopedEvent[]> {
    const markers = (
      await Promise.all(
        Array.from({ length: jobShards }, (_, shard) => this.overdueMarkers(shard, writtenBy, limit)),
      )
    )
      .flat()
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
    const found: ScopedEvent[] = [];
    // BatchGetItem takes 100 keys at most.
    for (let i = 0; i < markers.length; i += 100) {
      const batch = markers.slice(i, i + 100).map((marker) => ({
        marker,
        scope: { accountId: marker.accountId as string, environment: marker.environment as Environment },
        token: marker.token as string,
      }));
      const items = await this.getAll(batch.map(({ scope, token }) => keys.event(scope, token)));
      for (const { marker, scope, token } of batch) {
        const item = items.get(keys.event(scope, token).pk);
        if (item) found.push(scopedEvent(item));
        else
          await this.ctx.doc.send(
            new DeleteCommand({ TableName: this.ctx.tableName, Key: { pk: marker.pk, sk: marker.sk } }),
          );
      }
    }
    return found;
  }

  /** Up to `limit` markers of one due partition written by `writtenBy`. */
  private async overdueMarkers(shard: number, writtenBy: Date, limit: number) {
    const cutoff = writtenBy.toISOString();
    const pk = duePartition(shard);
    const found: Record<string, unknown>[] = [];
    let page = await firstDuePage(this.ctx, shard, pk, markersUpper, limit);
    for (;;) {
      for (const item of page.items)
        if (String(item.sk).startsWith(fanOutMarkerPrefix) && String(item.createdAt) <= cutoff)
          found.push(item);
      const last = page.items.at(-1);
      // The markers are all first: a page that ended past them has read every one.
      if (!page.lastKey || found.length >= limit || !String(last?.sk).startsWith(fanOutMarkerPrefix)) break;
      page = await duePage(this.ctx, pk, markersUpper, markerPageSize, page.lastKey);
    }
    return found.slice(0, limit);
  }

  /**
   * Deletes the event's marker: one write unit, outside any transaction. Done already, nothing
   * changes. Until the contract release, also where the release before put it (written by that
   * release and not yet moved by migration 4), but only when it was not where today's code puts
   * it: a marker is in one place at a time (the migration moves it in one transaction), and a
   * delete of a missing item is still a write, at the time-ordered end of `FANOUT#<n>` for every
   * event (8,000 events a second for the table). DeleteItems, the one write the functions that
   * end a fan-out are granted (not BatchWriteItem).
   */
  async fanOutDone(scope: Scope, event: WattleEvent): Promise<void> {
    const deleted = await this.ctx.doc.send(
      new DeleteCommand({
        TableName: this.ctx.tableName,
        Key: fanOutMarkerKey(scope, event),
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (deleted.Attributes) return;
    await this.ctx.doc.send(
      new DeleteCommand({ TableName: this.ctx.tableName, Key: fanOutMarkerKeyBefore(scope, event) }),
    );
  }

  /** Items by key, consistently, by partition key (BatchGetItem, its unprocessed keys asked again). */
  private async getAll(wanted: { pk: string; sk: string }[]): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    let keysLeft: Record<string, unknown>[] = wanted;
    while (keysLeft.length > 0) {
      const result = await this.ctx.doc.send(
        new BatchGetCommand({
          RequestItems: { [this.ctx.tableName]: { Keys: keysLeft, ConsistentRead: true } },
        }),
      );
      for (const item of result.Responses?.[this.ctx.tableName] ?? []) found.set(String(item.pk), item);
      keysLeft = result.UnprocessedKeys?.[this.ctx.tableName]?.Keys ?? [];
    }
    return found;
  }
}
