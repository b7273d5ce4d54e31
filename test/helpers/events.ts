import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeEventData } from '../../packages/store/src/kernel/event-data.ts';
import { stackTable } from './stack.ts';

export interface StoredEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
  accountId: string;
  raw: string;
}

/** Every outbox event in a stack's table whose data mentions `token`, oldest first (data is compressed: read in full, filtered here). */
export const eventsAbout = async (
  stack: { ddbEndpoint: string; tableName?: string },
  token: string,
): Promise<StoredEvent[]> => {
  const doc = stackTable(stack);
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: stack.tableName ?? 'wattle',
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
    })
    .filter((event) => event.raw.includes(token));
};
