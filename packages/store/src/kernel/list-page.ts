import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { pageWindow } from '@wattle/domain';
import type { Page } from '@wattle/ports';
import { type Counter, readCount } from './counters.ts';
import { globalIndexes, type IndexName } from './table.ts';

export interface ListSpec {
  index: IndexName;
  listKey: string;
  counter: Counter;
}

/**
 * One page of a list, newest first. Pages are numbered (Pin's `page`), so page N reads past the
 * (N-1)×25 newer items: cheap for the first pages that clients ask for almost always.
 */
export const readPage = async <T>(
  doc: DynamoDBDocumentClient,
  tableName: string,
  spec: ListSpec,
  page: number,
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> => {
  const index = globalIndexes.find((i) => i.name === spec.index)!;
  const { skip, take } = pageWindow(page);
  const wanted = skip + take;
  const [total, collected] = await Promise.all([
    readCount(doc, tableName, spec.counter),
    (async () => {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const result = await doc.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: index.name,
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeNames: { '#pk': index.partitionKey },
            ExpressionAttributeValues: { ':pk': spec.listKey },
            ScanIndexForward: false,
            Limit: wanted - items.length,
            ExclusiveStartKey: start,
          }),
        );
        items.push(...(result.Items ?? []));
        start = result.LastEvaluatedKey;
      } while (start && items.length < wanted);
      return items;
    })(),
  ]);
  return { items: collected.slice(skip, wanted).map(map), total };
};

/** The list attributes an item carries to join a list in a given index. */
export const listMembership = (
  index: IndexName,
  listKey: string,
  sortKey: string,
): Record<string, string> => {
  const spec = globalIndexes.find((i) => i.name === index)!;
  return { [spec.partitionKey]: listKey, [spec.sortKey]: sortKey };
};

/**
 * The items of a gsi1 list created in [from, to), newest first, at most `limit`: what the search
 * endpoints filter and sort.
 */
export const readBetween = async <T>(
  doc: DynamoDBDocumentClient,
  tableName: string,
  listKey: string,
  range: { from: Date | null; to: Date | null; limit: number },
  map: (item: Record<string, unknown>) => T,
): Promise<T[]> => {
  const found: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await doc.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': listKey,
          ':from': range.from ? range.from.toISOString() : '0',
          // '#' follows the time in the sort key: everything strictly before `to`.
          ':to': range.to ? `${new Date(range.to.getTime() - 1).toISOString()}$` : '~',
        },
        ScanIndexForward: false,
        Limit: Math.min(1000, range.limit - found.length),
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(result.Items ?? []).map(map));
    start = result.LastEvaluatedKey;
  } while (start && found.length < range.limit);
  return found;
};
