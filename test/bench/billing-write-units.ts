/**
 * Write units by DynamoDB's rules, for the billing benchmark (subscription-billing.ts). DynamoDB
 * Local's ConsumedCapacity for a transaction is not DynamoDB's: it reports 2 × the sum of the
 * DISTINCT per-item unit values, and nothing for index entries. DynamoDB bills every item a write
 * touches ceil(size / 1 KB) units, and as much again for every index entry it writes or removes;
 * inside a transaction, twice that.
 *
 * Sizes come from the requests themselves (a Put's item), from the items this bench saw written
 * before (what a Delete removes, what an update replaces), and for updates from the item as it is
 * at the end of the run (`readBack`): an update's result is not in its request. Approximate where
 * said: an index entry is taken as the item's size + 100 bytes (projection ALL, DynamoDB's
 * overhead); an update is billed on the larger of its item before and at the end of the run; an
 * item never seen before counts as 1 KB.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { globalIndexes } from '@wattle/store';
import { actionNames, itemWrites } from '../helpers/dynamodb-calls.ts';
import { itemSize as sizeOfItem, writeUnits as unitsOf } from './item-size.ts';

type Item = Record<string, AttributeValue>;

/** DynamoDB's size of an item (item-size.ts). */
const itemSize = (item: Item): number => sizeOfItem(item as unknown as Parameters<typeof sizeOfItem>[0]);

const keyOf = (key: Item): string => `${key.pk?.S}|${key.sk?.S}`;

/** The index entries an item has: each index whose partition and sort keys it carries. */
const entriesOf = (item: Item): Map<string, string> =>
  new Map(
    globalIndexes.flatMap((index) => {
      const pk = item[index.partitionKey]?.S;
      const sk = item[index.sortKey]?.S;
      return pk !== undefined && sk !== undefined ? [[index.name, `${pk}|${sk}`] as const] : [];
    }),
  );

interface Known {
  size: number;
  entries: Map<string, string>;
  /** The item's type (`_et`), for the breakdown. */
  type: string;
}

const knownOf = (item: Item): Known => ({
  size: itemSize(item),
  entries: entriesOf(item),
  type: item._et?.S ?? 'unknown',
});

const units = (bytes: number): number => unitsOf(bytes, false);
const indexEntrySize = (size: number): number => size + 100;

/** One write as DynamoDB bills it, before the transaction's doubling. */
const writeUnits = (before: Known | undefined, after: Known | null): number => {
  const base = units(Math.max(before?.size ?? 0, after?.size ?? 0, 1));
  let index = 0;
  for (const [name, key] of after?.entries ?? []) {
    index += units(indexEntrySize(after!.size));
    // An entry moved to another key is removed from its old place too.
    const old = before?.entries.get(name);
    if (old !== undefined && old !== key) index += units(indexEntrySize(before!.size));
  }
  for (const name of before?.entries.keys() ?? []) {
    if (!after?.entries.has(name)) index += units(indexEntrySize(before!.size));
  }
  return base + index;
};

/** A write as this bench counts it: a Put's item is sized from the request, the others' later. */
type Write =
  | { kind: 'put'; key: string; item: Item; factor: number }
  | { kind: 'update' | 'delete' | 'check'; key: string; rawKey: Item; factor: number };

/**
 * Watches a client's writes (add `observe` as middleware, for every request, seeding included, so
 * deletes know what they remove) and counts the units of those made while `counting`.
 */
export const dynamoDbWriteUnits = () => {
  const known = new Map<string, Known>();
  const counted: { before: Known | undefined; write: Write }[] = [];
  let counting = false;

  const record = (write: Write) => {
    const before = known.get(write.key);
    if (counting) counted.push({ before, write });
    if (write.kind === 'put') known.set(write.key, knownOf(write.item));
    if (write.kind === 'delete') known.delete(write.key);
  };

  /** One call as sent (DynamoDB's JSON): its item writes recorded, a transaction's counted twice. */
  const observe = (operation: string, input: Record<string, unknown>) => {
    for (const write of itemWrites(operation, input)) {
      const key = keyOf(write.key);
      const factor = write.inTransaction ? 2 : 1;
      const kind = actionNames[write.action];
      if (kind === 'put') record({ kind, key, item: write.item!, factor });
      else record({ kind, key, rawKey: write.key, factor });
    }
  };

  /**
   * The units of the writes counted, by kind of write and item type, after reading back the items updates left (their state at the
   * end of the run stands for their state after each update).
   */
  const total = async (client: DynamoDBClient, tableName: string): Promise<Record<string, number>> => {
    const updated = new Map<string, Item>();
    for (const { write } of counted) if (write.kind === 'update') updated.set(write.key, write.rawKey);
    const finals = new Map<string, Known>();
    const wanted = [...updated.values()];
    for (let i = 0; i < wanted.length; i += 100) {
      let keys: Item[] = wanted.slice(i, i + 100);
      while (keys.length > 0) {
        const result = await client.send(
          new BatchGetItemCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[tableName] ?? []) finals.set(keyOf(item), knownOf(item));
        keys = (result.UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined) ?? [];
      }
    }
    const byType: Record<string, number> = {};
    for (const { before, write } of counted) {
      const after =
        write.kind === 'put'
          ? knownOf(write.item)
          : write.kind === 'update'
            ? (finals.get(write.key) ?? null)
            : write.kind === 'check'
              ? { size: before?.size ?? 1, entries: new Map(), type: before?.type ?? 'unknown' }
              : null;
      // A condition check writes no index; a delete of an item never seen counts as 1 KB.
      const spent = write.factor * (write.kind === 'check' ? units(after!.size) : writeUnits(before, after));
      const type = `${write.kind} ${after?.type ?? before?.type ?? 'unknown'}`;
      byType[type] = (byType[type] ?? 0) + spent;
    }
    return byType;
  };

  return {
    observe,
    start: () => {
      counting = true;
    },
    stop: () => {
      counting = false;
    },
    total,
  };
};
