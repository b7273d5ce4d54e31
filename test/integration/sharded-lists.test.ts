import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope } from '@wattle/domain';
import { createPayment } from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: 'acct_lists', environment: 'test' };
const listKey = `${scope.accountId}#test#charges`;

const indexPartitions = async (prefix: string): Promise<Map<string, number>> => {
  const found = new Map<string, number>();
  for (const pk of [prefix, ...[0, 1, 2, 3].map((n) => `${prefix}#${n}`)]) {
    const page = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
      }),
    );
    if (page.Items?.length) found.set(pk, page.Items.length);
  }
  return found;
};

describe('lists every charge or event of a merchant joins', () => {
  it('spread over index partitions, read back newest first, exactly, pages and ranges alike', async () => {
    const deps = testDeps(table);
    const made: string[] = [];
    for (let i = 0; i < 36; i++)
      made.push(
        (await createPayment(deps, scope, aChargeRequest({ description: `Order ${i}` }))).payment.token,
      );
    // An item a table held before the list was sharded: under the unsharded key, older than all.
    const [oldest] = (await table.store.payments.list(scope, 'charge', 2)).items.slice(-1);
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: `${scope.accountId}#test#ch_before_sharding`,
          sk: 'PAYMENT',
          _et: 'charge',
          payment: { ...oldest, token: 'ch_before_sharding' },
          gsi1pk: listKey,
          gsi1sk: `2000-01-01T00:00:00.000Z#ch_before_sharding`,
        },
      }),
    );

    // No one index partition takes every charge or every event of the merchant.
    const charges = await indexPartitions(listKey);
    expect([...charges.keys()].filter((pk) => pk !== listKey).length).toBeGreaterThan(1);
    const events = await indexPartitions(`${scope.accountId}#test#events`);
    expect(events.size).toBeGreaterThan(1);

    const first = await table.store.payments.list(scope, 'charge', 1);
    const second = await table.store.payments.list(scope, 'charge', 2);
    expect(first.total).toBe(36);
    const listed = [...first.items, ...second.items].map((p) => p.token);
    expect(listed).toEqual([...made.reverse(), 'ch_before_sharding']);

    const eventsPage = await table.store.events.list(scope, 1);
    expect(eventsPage.items).toHaveLength(25);
    const times = eventsPage.items.map((e) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    // The search's range read: newest first within [from, to), at most `limit`.
    const all = await table.store.payments.chargesBetween(scope, null, null, 100);
    expect(all.map((p) => p.token)).toEqual(listed);
    const top = await table.store.payments.chargesBetween(scope, null, null, 5);
    expect(top.map((p) => p.token)).toEqual(listed.slice(0, 5));
  });
});
