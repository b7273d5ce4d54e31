import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { decodeEventData } from '../../packages/store/src/kernel/event-data.ts';
import { type Api, stackTable } from './stack.ts';

export interface StoredEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
  accountId: string;
  raw: string;
}

/**
 * Every outbox event in a stack's table whose data mentions `token`, oldest first (data is
 * compressed: read in full, filtered here). A stack on the memory engine has no table: there they
 * are the events `merchant` reads through GET /events (its own only; accountId is not known there).
 */
export const eventsAbout = async (
  stack: { ddbEndpoint: string; tableName?: string },
  token: string,
  merchant?: Api,
): Promise<StoredEvent[]> => {
  if (!stack.ddbEndpoint) {
    if (!merchant) throw new Error('A stack on the memory engine: pass the merchant whose events to read');
    return merchantEventsAbout(merchant, token);
  }
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

interface ListedEvent {
  token: string;
  type: string;
  data: Record<string, unknown>;
}

/** The merchant's events (GET /events, every page, newest first there) whose data mentions `token`, oldest first. */
const merchantEventsAbout = async (merchant: Api, token: string): Promise<StoredEvent[]> => {
  const listed: ListedEvent[] = [];
  for (let page = 1; ; page += 1) {
    const res = await merchant.get(`/1/events?page=${page}`);
    if (res.status !== 200) throw new Error(`GET /1/events answered ${res.status}: ${res.text}`);
    listed.push(...(res.body.response as ListedEvent[]));
    if (res.body.pagination.next === null || res.body.response.length === 0) break;
  }
  return listed
    .reverse()
    .map(({ token: eventToken, type, data }) => ({
      token: eventToken,
      type,
      data,
      accountId: '',
      raw: JSON.stringify(data),
    }))
    .filter((event) => event.raw.includes(token));
};
