import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeEventData } from '../../packages/store/src/kernel/event-data.ts';
import { stackTable } from './stack.ts';
import { memoryRecords, type StoreRef } from './stored.ts';

export interface StoredEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
  accountId: string;
  raw: string;
}

/**
 * Every outbox event of a stack whose data mentions `token`, oldest first, whichever merchant it
 * is in: on DynamoDB Local, its table's event items (data is compressed: read in full, filtered
 * here); on the memory engine, its event records (`GET /_local/records`).
 */
export const eventsAbout = async (stack: StoreRef, token: string): Promise<StoredEvent[]> => {
  const events = stack.ddbEndpoint ? await tableEvents(stack) : await memoryEvents(stack);
  return events.filter((event) => event.raw.includes(token));
};

const tableEvents = async (stack: StoreRef): Promise<StoredEvent[]> => {
  const doc = stackTable(stack);
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: stack.tableName || 'wattle',
        FilterExpression: '#et = :event',
        ExpressionAttributeNames: { '#et': '_et' },
        ExpressionAttributeValues: { ':event': 'event' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return items
    .sort((a, b) => String(a.gsi1sk).localeCompare(String(b.gsi1sk)))
    .map((item) => {
      const data = decodeEventData(item.data);
      const [accountId, , eventToken] = String(item.pk).split('#');
      return {
        token: eventToken as string,
        type: item.type as string,
        data,
        accountId: accountId as string,
        raw: JSON.stringify(data),
      };
    });
};

interface MemoryEvent {
  scope: { accountId: string };
  event: { token: string; type: string; data: Record<string, unknown> };
  listSortKey: string;
}

/** The memory engine's events, in their lists' order (creation time, then token), as the table's. */
const memoryEvents = async (stack: StoreRef): Promise<StoredEvent[]> =>
  (Object.values((await memoryRecords(stack)).event ?? {}) as MemoryEvent[])
    .sort((a, b) => a.listSortKey.localeCompare(b.listSortKey))
    .map(({ scope, event }) => ({
      token: event.token,
      type: event.type,
      data: event.data,
      accountId: scope.accountId,
      raw: JSON.stringify(event.data),
    }));
