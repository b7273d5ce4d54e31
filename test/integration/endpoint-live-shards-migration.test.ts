import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { newWebhook, type Scope, type WebhookEndpoint } from '@wattle/domain';
import { randomIds } from '@wattle/runtime';
import { createStore, migrations, revertMigrations, runMigrations, tableStatus } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { endpointLiveShards as liveShardsMigration } from '../../packages/store/src/migrations/endpoint-live-shards.ts';
import { endpointLiveShards } from '../../packages/store/src/repos/endpoint-liveness.ts';
import { itemsBefore } from '../fixtures/endpoints-before-live-shards/items.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { itemWrites, observeCalls } from '../helpers/dynamodb-calls.ts';
import { type TestTable, useTable } from '../helpers/table.ts';

const now = new Date('2030-01-02T00:00:00.000Z');
/** The registry up to this migration: the table's version is then 3. */
const through3 = migrations.slice(0, 3);
const scope: Scope = { accountId: 'acct_beforeEndpoints', environment: 'test' };
const endpointsBefore = itemsBefore
  .filter((item) => item._et === 'webhook_endpoint')
  .map((item) => item.endpoint as WebhookEndpoint);

const load = async (table: TestTable) => {
  for (const item of itemsBefore)
    await table.doc.send(new PutCommand({ TableName: table.tableName, Item: item }));
};

/** How many of an endpoint's liveness shards are in the table. */
const shardsOf = async (table: TestTable, endpointToken: string): Promise<number> => {
  const { pk } = keys.endpointLiveShard(scope, endpointToken, 0);
  const page = await table.doc.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    }),
  );
  return page.Items?.length ?? 0;
};

/** The item (its sort key) the transaction that made a webhook checked, for each endpoint given. */
const checkedByWebhooks = async (table: TestTable, endpoints = endpointsBefore): Promise<string[]> => {
  const checked: string[] = [];
  const stop = observeCalls(table.doc, async (call, send) => {
    const result = await send(call.input);
    for (const write of itemWrites(call.operation, call.input))
      if (write.action === 'ConditionCheck') checked.push(String(write.key.sk.S));
    return result;
  });
  try {
    for (const endpoint of endpoints) {
      const webhook = newWebhook(randomIds, endpoint, randomIds.token('evt'), now.toISOString());
      expect(await table.store.webhooks.createForEvent(scope, webhook, now)).not.toBeNull();
    }
  } finally {
    stop();
  }
  return checked;
};

describe('migration 3: liveness shards for the endpoints the code before stored', () => {
  const table = useTable();
  const { doc, hooks } = watchedClient();
  const faulty = createStore(doc, table.tableName, table.store.ctx.cipher);

  it('gives each live endpoint its shards, resuming from its progress item after a crash', async () => {
    await load(table);
    // Before: a webhook checks the endpoint item itself.
    expect(await checkedByWebhooks(table)).toEqual(['WEBHOOK_ENDPOINT', 'WEBHOOK_ENDPOINT']);

    // The second endpoint's transaction fails, as a crash there would: pages of one item.
    let shardings = 0;
    hooks.fault = (call) =>
      call.command === 'TransactWriteItems' && ++shardings === 2 ? new Error('crashed half way') : undefined;
    await expect(runMigrations(faulty.ctx, through3, { pageSize: 1 })).rejects.toThrow('crashed half way');
    const stopped = (await tableStatus(table.store.ctx, through3)).migrations[2]!;
    expect(stopped).toMatchObject({ state: 'running', counts: { sharded: 1 } });
    hooks.reset();

    const status = await runMigrations(table.store.ctx, through3, { pageSize: 1 });
    expect(status.version).toBe(3);
    expect(status.migrations[2]).toMatchObject({ state: 'done', counts: { sharded: 2 } });
    for (const endpoint of endpointsBefore)
      expect(await shardsOf(table, endpoint.token)).toBe(endpointLiveShards);
    // After: a webhook checks one of the endpoint's shards.
    expect((await checkedByWebhooks(table)).every((sk) => /^\d+$/.test(sk))).toBe(true);

    // A deletion then stops the shards with the endpoint: no webhook for it.
    const [one, two] = endpointsBefore;
    await table.store.webhookEndpoints.delete(scope, two!.token, now);
    expect(await shardsOf(table, two!.token)).toBe(0);
    expect(
      await table.store.webhooks.createForEvent(
        scope,
        newWebhook(randomIds, two!, randomIds.token('evt'), now.toISOString()),
        now,
      ),
    ).toBeNull();
    expect((await table.store.webhookEndpoints.list(scope, 1)).items).toEqual([one]);
  });

  it('is rolled back to the items the release before knew, and runs again', async () => {
    // Version 3 already (the test before): back to 2, which takes every endpoint's shards away.
    const back = await revertMigrations(table.store.ctx, through3, 2, { pageSize: 1 });
    expect(back.version).toBe(2);
    expect(back.migrations[2]).toMatchObject({ state: 'pending' });
    const [one] = endpointsBefore;
    expect(await shardsOf(table, one!.token)).toBe(0);
    const item = await table.store.webhookEndpoints.get(scope, one!.token);
    expect(item).toEqual(one);
    // Its webhooks check the endpoint item again, as the release before's do.
    expect(await checkedByWebhooks(table, [one!])).toEqual(['WEBHOOK_ENDPOINT']);

    const again = await runMigrations(table.store.ctx, through3);
    expect(again.version).toBe(3);
    expect(again.migrations[2]).toMatchObject({ state: 'done', counts: { sharded: 1 } });
    expect(await shardsOf(table, one!.token)).toBe(endpointLiveShards);
  });
});

it('is in the registry as version 3', () => {
  expect(migrations[2]).toBe(liveShardsMigration);
});
