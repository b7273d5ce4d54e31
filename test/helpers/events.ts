import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { stackTable } from './stack.ts';

export interface StoredEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
  accountId: string;
  raw: string;
}

/** Every outbox event in a stack's table whose data mentions `token`, oldest first. */
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
        FilterExpression: '#et = :event AND contains(#data, :token)',
        ExpressionAttributeNames: { '#et': '_et', '#data': 'data' },
        ExpressionAttributeValues: { ':event': 'event', ':token': token },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return items
    .sort((a, b) => String(a.gsi1sk).localeCompare(String(b.gsi1sk)))
    .map((item) => ({
      token: item.token as string,
      type: item.type as string,
      data: JSON.parse(item.data as string),
      accountId: item.accountId as string,
      raw: item.data as string,
    }));
};
