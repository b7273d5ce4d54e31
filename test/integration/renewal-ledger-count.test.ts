import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { keys, lists } from '../../packages/store/src/kernel/keys.ts';
import { PlansRepo } from '../../packages/store/src/repos/plans-repo.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { useTable } from '../helpers/table.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

const { doc: watchedDoc, hooks } = watchedClient();
const dueRenewal = (name: string) => dueRenewalOn(table, watchedDoc, name);

type Renewal = Awaited<ReturnType<typeof dueRenewal>>;

/** The counter item the ledger's count was kept in before the subscription's item kept it. */
const counterKeyOf = (t: Renewal) =>
  keys.counterShard(lists.subscriptionLedger(t.scope, t.subscription.token), 0);

const itemAt = async (key: { pk: string; sk: string }) =>
  (await table.doc.send(new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }))).Item;

const ledgerTotal = async (t: Renewal) =>
  (await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).total;

const renew = async (t: Renewal) =>
  expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);

/** The subscription as an item written before the count moved: its entries counted in a counter item. */
const asCountedBefore = async (t: Renewal, entries: number) => {
  await table.doc.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.subscription(t.scope, t.subscription.token),
      UpdateExpression: 'REMOVE ledgerCount',
    }),
  );
  await table.doc.send(
    new PutCommand({ TableName: table.tableName, Item: { ...counterKeyOf(t), _et: 'counter', n: entries } }),
  );
};

describe("the ledger's count on the subscription's item", () => {
  it('is carried by the subscription a renewal writes anyway: no ledger counter is moved', async () => {
    const t = await dueRenewal('ledger-on-item');
    hooks.reset();
    await renew(t);
    const written = hooks.calls
      .filter(isWrite)
      .flatMap((call) => call.input.TransactItems as Record<string, { Key?: { pk: string } }>[])
      .flatMap((entry) => Object.values(entry).map((body) => body.Key?.pk ?? ''));
    expect(written.filter((pk) => pk.startsWith('COUNTER#') && pk.endsWith('#ledger'))).toEqual([]);
    expect(await itemAt(counterKeyOf(t))).toBeUndefined();
    expect(await itemAt(keys.subscription(t.scope, t.subscription.token))).toMatchObject({ ledgerCount: 2 });
    expect(await ledgerTotal(t)).toBe(2);
  });

  it('still counts the entries a counter item counted before, and adds the next ones on the item', async () => {
    const t = await dueRenewal('ledger-counted-before');
    await asCountedBefore(t, 1);
    expect(await ledgerTotal(t)).toBe(1);
    await renew(t);
    expect(await itemAt(keys.subscription(t.scope, t.subscription.token))).toMatchObject({ ledgerCount: 1 });
    expect(await ledgerTotal(t)).toBe(2);
  });

  it("is deleted with the subscription by its plan's purge, with the counter item of before", async () => {
    const t = await dueRenewal('ledger-purged');
    await renew(t);
    await asCountedBefore(t, 2);
    await new PlansRepo(table.store.ctx).purgeSubscriptions(t.scope, t.subscription.planToken);
    const { pk } = keys.subscription(t.scope, t.subscription.token);
    const left = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ConsistentRead: true,
      }),
    );
    expect(left.Items).toEqual([]);
    expect(await itemAt(counterKeyOf(t))).toBeUndefined();
  });
});
