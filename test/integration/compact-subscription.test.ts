import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { type Scope, startSubscription, type Update, updateOf } from '@wattle/domain';
import { createPlan } from '@wattle/flows';
import type { LoadedSubscription } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { keys, listSortKey, lists } from '../../packages/store/src/kernel/keys.ts';
import { itemSize } from '../bench/item-size.ts';
import { monthlyPlan } from '../helpers/billing.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: randomIds.token('acct'), environment: 'test' };
const now = new Date('2027-01-31T10:00:00Z');

/** A running monthly subscription to a plan of that name: no trial, fee, limit or cancel. */
const aSubscription = async (name: string) =>
  startSubscription({
    token: randomIds.token('sub'),
    plan: (await createPlan(testDeps(table), scope, monthlyPlan({ name }))).plan,
    customerToken: randomIds.token('cus'),
    cardToken: randomIds.token('card'),
    includeSetupFee: false,
    now,
  }).subscription;

/** A change of the subscription alone: no event, its renewal job left where it is. */
const plain = (update: Pick<Update<LoadedSubscription>, 'before' | 'after'>) =>
  updateOf({ ...update, events: [], renewalStays: true });

const bytesOf = async (key: { pk: string; sk: string }): Promise<number> => {
  const { Item } = await table.raw.send(
    new GetItemCommand({ TableName: table.tableName, Key: marshall(key), ConsistentRead: true }),
  );
  if (!Item) throw new Error(`No item ${key.pk}`);
  return itemSize(Item as unknown as Parameters<typeof itemSize>[0]);
};

describe("a subscription's item", () => {
  it('stays under 1 KB in its three lists, one write unit each, and reads back as written', async () => {
    const subscription = await aSubscription('Gold');
    await table.store.subscriptions.commit(scope, plain({ before: null, after: subscription }), now);
    // Its index entries are the item and about 100 bytes more (projection ALL).
    expect(await bytesOf(keys.subscription(scope, subscription.token))).toBeLessThan(1024 - 100);
    const loaded = await table.store.subscriptions.get(scope, subscription.token);
    expect(loaded).toMatchObject({ subscription, sortKey: listSortKey(now, subscription.token) });
    expect((await table.store.subscriptions.list(scope, 1)).items).toEqual([subscription]);
    const cancelled = { ...subscription, state: 'cancelled' as const, cancelledAt: '2027-02-01T00:00:00Z' };
    await table.store.subscriptions.commit(scope, plain({ before: loaded, after: cancelled }), now);
    expect((await table.store.subscriptions.get(scope, subscription.token))?.subscription).toEqual(cancelled);
  });

  it('reads an item written before with every field, as it was', async () => {
    const subscription = await aSubscription('Silver');
    const sortKey = listSortKey(now, subscription.token);
    await table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.subscription(scope, subscription.token),
          _et: 'subscription',
          subscription,
          ver: 1,
          sortKey,
          gsi1pk: lists.subscriptions(scope),
          gsi1sk: sortKey,
        },
      }),
    );
    expect(await table.store.subscriptions.get(scope, subscription.token)).toMatchObject({
      subscription,
      version: 1,
      sortKey,
    });
  });
});
