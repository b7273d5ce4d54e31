import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { localClientConfig } from '@wattle/local';
import { documentClient } from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';

export type Item = Record<string, unknown>;

/** Every item of a table (all pages of a Scan), strongly consistent. */
export const scanAll = async (doc: DocumentClient, tableName: string): Promise<Item[]> => {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

/**
 * A stack's DynamoDB Local: its endpoint and the access key of the stack's own database there
 * (DynamoDB Local keeps one per key: another key sees none of the stack's tables).
 */
export interface LocalTableRef {
  ddbEndpoint: string;
  ddbAccessKeyId: string;
}

/** Every item of a table on a stack's DynamoDB Local (another process's stack), by a client of its own. */
export const scanLocalTable = async (stack: LocalTableRef, tableName: string): Promise<Item[]> => {
  const doc = documentClient(localClientConfig(stack.ddbEndpoint, stack.ddbAccessKeyId));
  try {
    return await scanAll(doc, tableName);
  } finally {
    doc.destroy();
  }
};

/** The table's items by key, as JSON: what a request changed is the difference of two of these. */
export const snapshot = async (doc: DocumentClient, tableName: string): Promise<Map<string, string>> =>
  new Map((await scanAll(doc, tableName)).map((item) => [`${item.pk}|${item.sk}`, JSON.stringify(item)]));

export interface TableDiff {
  added: Item[];
  changed: string[];
  removed: string[];
}

export const diff = (before: Map<string, string>, after: Map<string, string>): TableDiff => ({
  added: [...after].filter(([key]) => !before.has(key)).map(([, json]) => JSON.parse(json) as Item),
  changed: [...after]
    .filter(([key, json]) => before.has(key) && before.get(key) !== json)
    .map(([key]) => key),
  removed: [...before.keys()].filter((key) => !after.has(key)),
});
