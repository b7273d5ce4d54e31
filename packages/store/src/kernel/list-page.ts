import { pageWindow } from '@wattle/domain';
import type { Page } from '@wattle/ports';
import type { DocumentClient } from './client.ts';
import { type Counter, readCount } from './counters.ts';
import { mergeSorted, queryItems } from './merge-sorted.ts';
import { keysOfShards, shardKey, shardOfToken } from './shards.ts';
import { globalIndexes, type IndexName } from './table.ts';

export interface ListSpec {
  index: IndexName;
  listKey: string;
  /** The list's counter, or how its total is read when it is kept elsewhere. */
  counter: Counter | (() => Promise<number>);
  /** Index partitions the list is spread over (see listMembership); 1 when it is not. */
  shards?: number;
}

/**
 * The index partition keys a list's items are in. A sharded list also reads its unsharded key:
 * items written before the list was sharded are there.
 */
const listPartitions = (listKey: string, shards: number): string[] =>
  shards > 1 ? keysOfShards(listKey, shards) : [listKey];

/**
 * The list attributes an item carries to join a list in a given index. Every item of a list
 * lands at the newest end of its index partition, which one partition takes at most 1,000 write
 * units a second of: a list that every charge or event of a merchant joins is spread over
 * `shards` partitions (by the sort key's hash, so rewriting the item keeps its partition), and
 * read back merged.
 */
export const listMembership = (
  index: IndexName,
  listKey: string,
  sortKey: string,
  shards = 1,
): Record<string, string> => {
  const spec = globalIndexes.find((i) => i.name === index)!;
  return {
    [spec.partitionKey]: shards > 1 ? shardKey(listKey, shardOfToken(sortKey, shards)) : listKey,
    [spec.sortKey]: sortKey,
  };
};

/** A list's items newest first, over all its partitions, reading each only as far as needed. */
const newestFirst = (
  doc: DocumentClient,
  tableName: string,
  index: IndexName,
  listKey: string,
  shards: number,
  wanted: number,
  between?: { from: string; to: string },
): AsyncGenerator<Record<string, unknown>> => {
  const spec = globalIndexes.find((i) => i.name === index)!;
  const partitions = listPartitions(listKey, shards);
  // Spread evenly, each partition holds about its share of the newest items: read a little more
  // than that per page, so one round trip usually serves the page.
  const pageSize = Math.min(
    1000,
    partitions.length === 1 ? wanted : Math.ceil(wanted / (partitions.length - 1)) + 5,
  );
  const streams = partitions.map((pk) =>
    queryItems(
      doc,
      {
        TableName: tableName,
        IndexName: index,
        KeyConditionExpression: between ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk',
        ExpressionAttributeNames: { '#pk': spec.partitionKey, ...(between ? { '#sk': spec.sortKey } : {}) },
        ExpressionAttributeValues: {
          ':pk': pk,
          ...(between ? { ':from': between.from, ':to': between.to } : {}),
        },
        ScanIndexForward: false,
      },
      pageSize,
    ),
  );
  return mergeSorted(streams, (a, b) => String(a[spec.sortKey]) > String(b[spec.sortKey]));
};

const take = async <T>(items: AsyncGenerator<T>, count: number): Promise<T[]> => {
  const taken: T[] = [];
  if (count <= 0) return taken;
  for await (const item of items) {
    taken.push(item);
    if (taken.length >= count) break;
  }
  return taken;
};

/**
 * A list's `count` newest items, without its total: for a reader that needs no count (the
 * list's counter is one more round trip, and a consistent one).
 */
export const readNewest = async <T>(
  doc: DocumentClient,
  tableName: string,
  list: Pick<ListSpec, 'index' | 'listKey' | 'shards'>,
  count: number,
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> =>
  (await take(newestFirst(doc, tableName, list.index, list.listKey, list.shards ?? 1, count), count)).map(
    map,
  );

/**
 * One page of a list, newest first. Pages are numbered (Pin's `page`), so page N reads past the
 * (N-1)×25 newer items: cheap for the first pages that clients ask for almost always.
 */
export const readPage = async <T>(
  doc: DocumentClient,
  tableName: string,
  spec: ListSpec,
  page: number,
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> => {
  const { skip, take: size } = pageWindow(page);
  const wanted = skip + size;
  const [total, collected] = await Promise.all([
    typeof spec.counter === 'function' ? spec.counter() : readCount(doc, tableName, spec.counter),
    readNewest(doc, tableName, spec, wanted, (item) => item),
  ]);
  return { items: collected.slice(skip, wanted).map(map), total };
};

/**
 * The items of a gsi1 list created in [from, to), newest first, at most `limit`: what the search
 * endpoints filter and sort.
 */
export const readBetween = async <T>(
  doc: DocumentClient,
  tableName: string,
  listKey: string,
  range: { from: Date | null; to: Date | null; limit: number; shards?: number },
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> => {
  const between = {
    from: range.from ? range.from.toISOString() : '0',
    // '#' follows the time in the sort key: everything strictly before `to`.
    to: range.to ? `${new Date(range.to.getTime() - 1).toISOString()}$` : '~',
  };
  const items = newestFirst(doc, tableName, 'gsi1', listKey, range.shards ?? 1, range.limit, between);
  return (await take(items, range.limit)).map(map);
};
