import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { newWebhook, type Scope, type WattleEvent, type WebhookEndpoint } from '@wattle/domain';
import { randomIds } from '@wattle/runtime';
import { createStore, expiredItemOfStreamRecord, ttlDeleter } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { recordEvent } from '../../packages/store/src/kernel/events-outbox.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const now = new Date('2026-11-21T05:00:00Z');
const day = 86_400;
const newScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'test' });

const writeEvent = async (scope: Scope, store = table.store): Promise<WattleEvent> => {
  const event: WattleEvent = {
    token: randomIds.token('evt'),
    type: 'customer.created',
    data: { token: 'cus_1' },
    createdAt: now.toISOString(),
  };
  await recordEvent(newTransaction(store.ctx), scope, event, now).commit(store.ctx.doc);
  return event;
};

const itemOf = async (key: { pk: string; sk: string }) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }))).Item;

/** The stream record of a deletion of `item`, by DynamoDB's TTL or by us. */
const removal = (item: Record<string, unknown>, by: 'ttl' | 'us') => ({
  eventName: 'REMOVE',
  userIdentity: by === 'ttl' ? { ...ttlDeleter } : undefined,
  dynamodb: { OldImage: marshall(item) },
});

const newEndpoint = async (scope: Scope): Promise<WebhookEndpoint> => {
  const endpoint = {
    token: randomIds.token('whe'),
    key: 'k',
    url: 'https://example.com/hooks',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await table.store.webhookEndpoints.create(scope, endpoint, now);
  return endpoint;
};

describe('expiring items in the table', () => {
  it('stamp events with their expiry: creation plus the retention, 30 days unless chosen', async () => {
    const scope = newScope();
    const event = await writeEvent(scope);
    expect((await itemOf(keys.event(scope, event.token)))?.expiresAt).toBe(now.getTime() / 1000 + 30 * day);

    const longer = createStore(table.doc, table.tableName, table.store.ctx.cipher, {
      eventsSeconds: 90 * day,
    });
    const kept = await writeEvent(scope, longer);
    expect((await itemOf(keys.event(scope, kept.token)))?.expiresAt).toBe(now.getTime() / 1000 + 90 * day);
  });

  it('stamp a webhook and its endpoint record with the same expiry', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const webhook = newWebhook(randomIds, endpoint, randomIds.token('evt'), now.toISOString());
    await table.store.webhooks.createForEvent(scope, webhook, now);
    const expected = now.getTime() / 1000 + 30 * day;
    expect((await itemOf(keys.webhook(scope, webhook.token)))?.expiresAt).toBe(expected);
    expect((await itemOf(keys.endpointWebhook(scope, endpoint.token, webhook.eventToken)))?.expiresAt).toBe(
      expected,
    );
  });

  it("read from the stream only as DynamoDB's TTL deletions of events and webhooks", async () => {
    const scope = newScope();
    const event = await writeEvent(scope);
    const item = (await itemOf(keys.event(scope, event.token)))!;
    expect(expiredItemOfStreamRecord(removal(item, 'ttl'))).toEqual({
      list: 'events',
      scope,
      token: event.token,
    });
    expect(expiredItemOfStreamRecord(removal(item, 'us'))).toBeNull();
    expect(expiredItemOfStreamRecord({ ...removal(item, 'ttl'), eventName: 'INSERT' })).toBeNull();
    const idempotency = {
      pk: `${scope.accountId}#test#IDEMPOTENCY#abc`,
      sk: 'IDEMPOTENCY',
      _et: 'idempotency',
    };
    expect(expiredItemOfStreamRecord(removal(idempotency, 'ttl'))).toBeNull();
  });

  it("leave their list's count once, however often the deletion is reported", async () => {
    const scope = newScope();
    const events = [await writeEvent(scope), await writeEvent(scope), await writeEvent(scope)];
    expect((await table.store.events.list(scope, 1)).total).toBe(3);
    const gone = { list: 'events' as const, scope, token: events[0]!.token };
    await table.doc.send(
      new DeleteCommand({ TableName: table.tableName, Key: keys.event(scope, gone.token) }),
    );
    expect(await table.store.expiredItems.uncount(gone, now)).toBe(true);
    expect(await table.store.expiredItems.uncount(gone, now)).toBe(false);
    const page = await table.store.events.list(scope, 1);
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(2);
  });

  it('are counted once when an endpoint is deleted after TTL took some of its webhooks', async () => {
    const scope = newScope();
    const endpoint = await newEndpoint(scope);
    const webhooks = [1, 2, 3].map(() =>
      newWebhook(randomIds, endpoint, randomIds.token('evt'), now.toISOString()),
    );
    for (const webhook of webhooks) await table.store.webhooks.createForEvent(scope, webhook, now);
    // TTL took the first webhook (and the consumer counted it) but not yet its endpoint record.
    const expired = webhooks[0]!;
    await table.doc.send(
      new DeleteCommand({ TableName: table.tableName, Key: keys.webhook(scope, expired.token) }),
    );
    await table.store.expiredItems.uncount({ list: 'webhooks', scope, token: expired.token }, now);
    expect((await table.store.webhooks.list(scope, 1)).total).toBe(2);

    await table.store.webhooks.deleteAllOf(scope, endpoint.token);
    const page = await table.store.webhooks.list(scope, 1);
    expect(page).toEqual({ items: [], total: 0 });
  });
});
