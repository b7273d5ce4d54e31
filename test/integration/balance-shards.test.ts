import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ChargeCredit, Scope } from '@wattle/domain';
import { createPayment } from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { aChargeRequest } from '../helpers/builders.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: 'acct_hot', environment: 'test' };

const partitionsOf = async (pkPrefix: string, sk: string) => {
  const found = new Set<string>();
  for (const pk of [pkPrefix, ...[0, 1, 2, 3].map((n) => `${pkPrefix}#${n}`)]) {
    const page = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: sk ? 'pk = :pk AND begins_with(sk, :sk)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk, ...(sk ? { ':sk': sk } : {}) },
      }),
    );
    for (const item of page.Items ?? []) found.add(`${item.pk} ${item.sk}`);
  }
  return [...found];
};

describe('balance items of a busy merchant', () => {
  it('spreads the day bucket and the credit entries over shards, and reads them as one', async () => {
    const deps = testDeps(table);
    const charges = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createPayment(deps, scope, aChargeRequest({ description: `Order ${i}` })),
      ),
    );
    // No single item or partition takes every capture of the day: neither caps the merchant.
    const buckets = await partitionsOf(`${scope.accountId}#test#BALANCE`, 'AUD#SETTLES#');
    expect(buckets.length).toBeGreaterThan(1);
    const credits = await partitionsOf(`${scope.accountId}#test#CREDITS#AUD`, '');
    expect(new Set(credits.map((c) => c.split(' ')[0])).size).toBeGreaterThan(1);
    expect(credits).toHaveLength(24);

    // The balance sums every shard: all 24 entitlements, pending until they settle.
    const entitlement = charges[0]!.payment.amount - (charges[0]!.payment.totalFees ?? 0);
    const [aud] = await table.store.balance.read(scope, deps.clock.now());
    expect(aud).toEqual({ currency: 'AUD', available: 0, unsettled: 24 * entitlement });
  });

  it('walks the credits of every partition, and those written before sharding, in capture order', async () => {
    const walker: Scope = { accountId: 'acct_walk', environment: 'test' };
    const deps = testDeps(table);
    const made: string[] = [];
    for (let i = 0; i < 12; i++)
      made.push((await createPayment(deps, walker, aChargeRequest())).payment.token);
    // An entry of a table written before the credits were sharded, in the unsharded partition, at
    // a position between the others.
    const items = await partitionsOf(`${walker.accountId}#test#CREDITS#AUD`, '');
    const positions = items.map((i) => i.split(' ')[1]!).sort();
    const legacy: ChargeCredit = {
      position: `${positions[5]!.slice(0, -1)}~`,
      chargeToken: 'ch_legacy',
      description: 'Before sharding',
      amount: 500,
      totalFees: 0,
      merchantEntitlement: 500,
      createdAt: '2026-01-01T00:00:00Z',
    };
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: `${walker.accountId}#test#CREDITS#AUD`,
          sk: legacy.position,
          _et: 'credit',
          credit: legacy,
        },
      }),
    );

    const visited: { position: string; before: number }[] = [];
    await table.store.balance.walkCredits(walker, 'AUD', null, (credit, before) => {
      visited.push({ position: credit.position, before });
      return true;
    });
    expect(visited.map((v) => v.position)).toEqual([...positions, legacy.position].sort());
    expect(visited.map((v) => v.position)).toContain(legacy.position);
    // `before` sums the entries ahead in that one order.
    expect(visited[7]!.before).toBeGreaterThan(visited[6]!.before);

    // From a cursor: only the entries at or after it, in order.
    const from = visited[8]!;
    const rest: string[] = [];
    await table.store.balance.walkCredits(
      walker,
      'AUD',
      { position: from.position, before: from.before },
      (c) => {
        rest.push(c.position);
        return true;
      },
    );
    expect(rest).toEqual(visited.slice(8).map((v) => v.position));
    expect(made).toHaveLength(12);
  });
});
