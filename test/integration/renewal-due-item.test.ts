import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cancel } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { dueItemKey, jobKey, jobShards } from '../../packages/store/src/kernel/schedule.ts';
import { shardOfToken } from '../../packages/store/src/kernel/shards.ts';
import { duePartitions } from '../../packages/store/src/migrations/due-partitions.ts';
import { visitAll } from '../../packages/store/src/migrations/runner.ts';
import { dueRenewal as dueRenewalOn, watchedClient } from '../helpers/due-renewal.ts';
import { useTable } from '../helpers/table.ts';
import { isWrite } from '../reliability/harness/dynamodb-hooks.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;
const kind = jobKinds.subscriptionBilling;

const { doc: watchedDoc, hooks } = watchedClient();
const dueRenewal = (name: string) => dueRenewalOn(table, watchedDoc, name);

type Renewal = Awaited<ReturnType<typeof dueRenewal>>;

/**
 * The renewal job of `t`'s subscription (due at `dueAt`: its next billing date unless said) as
 * written before it was a due item: a job item on gsi3 (migration 1 moves it into a due item).
 */
const asJobItemOfBefore = async (t: Renewal, dueAt = t.subscription.nextBillingDate!) => {
  const token = t.subscription.token;
  const { accountId, environment } = t.scope;
  const iso = new Date(dueAt).toISOString();
  await table.doc.send(
    new DeleteCommand({
      TableName: table.tableName,
      Key: dueItemKey(kind, t.scope, token, new Date(dueAt)),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
  await table.doc.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        ...jobKey(kind, t.scope, token),
        _et: 'job',
        kind,
        accountId,
        environment,
        token,
        dueAt: iso,
        data: {},
        gsi3pk: `DUE#${kind}#${shardOfToken(token, jobShards)}`,
        gsi3sk: `${iso}#${token}`,
      },
    }),
  );
};

const jobItemOf = async (t: Renewal) =>
  (
    await table.doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: jobKey(kind, t.scope, t.subscription.token),
        ConsistentRead: true,
      }),
    )
  ).Item;

describe('the renewal job as a due item', () => {
  it('is written in no index: a renewal moves it without a gsi3 entry', async () => {
    const t = await dueRenewal('no-index');
    hooks.reset();
    expect((await runDueJobs(t.watched(), t.advance(28 * day + minute), jobHandlers)).failed).toBe(0);
    const written = hooks.calls
      .filter(isWrite)
      .flatMap(
        (call) => (call.input.TransactItems ?? []) as Record<string, { Item?: Record<string, unknown> }>[],
      )
      .flatMap((entry) => Object.values(entry).map((body) => body.Item))
      .filter((item): item is Record<string, unknown> => item?._et === 'job');
    expect(written.map((item) => [String(item.pk).replace(/#\d+$/, ''), item.kind, item.gsi3pk])).toEqual([
      ['DUE', kind, undefined],
      ['DUE', kind, undefined],
    ]);
    expect((await t.jobsOf(kind, t.advance(31 * day))).map((job) => job.dueAt)).toEqual([
      new Date('2027-03-31T10:00:00Z'),
    ]);
  });

  it('bills a renewal job written before as a job item once migration 1 moved it into a due item', async () => {
    const t = await dueRenewal('job-item-billed');
    await asJobItemOfBefore(t);
    await visitAll(table.store.ctx, duePartitions);
    const due = t.advance(28 * day + minute);
    const runs = await Promise.all([
      runDueJobs(t.watched(), due, jobHandlers),
      runDueJobs(t.watched(), due, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    expect(await table.store.subscriptions.ledger(t.scope, t.subscription.token, 1)).toMatchObject({
      total: 2,
    });
    expect(await jobItemOf(t)).toBeUndefined();
    expect((await t.jobsOf(kind, t.advance(31 * day))).map((job) => job.dueAt)).toEqual([
      new Date('2027-03-31T10:00:00Z'),
    ]);
  });

  it("recovers a renewal's bill begun before, whose job is still a job item, once", async () => {
    const t = await dueRenewal('job-item-recovers');
    const died = await t.renewDyingAtCapture();
    expect(died.failed).toBe(1);
    // As the reservation wrote it before: the bill item without `renewalDueAt`, the job a job item.
    const later = t.advance(20 * minute);
    const [job] = await t.jobsOf(kind, later);
    await table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.subscriptionBill(t.scope, t.subscription.token),
        UpdateExpression: 'REMOVE renewalDueAt',
        ConditionExpression: 'attribute_exists(renewalDueAt)',
      }),
    );
    await asJobItemOfBefore(t, job!.dueAt.toISOString());
    await visitAll(table.store.ctx, duePartitions);
    const runs = await Promise.all([
      runDueJobs(t.watched(), later, jobHandlers),
      runDueJobs(t.watched(), later, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const charges = (await table.store.payments.listForCustomer(t.scope, t.customerToken, 1)).items;
    expect(charges.map((c) => c.state)).toEqual(['captured', 'captured']);
    const loaded = await table.store.subscriptions.get(t.scope, t.subscription.token);
    expect(loaded).toMatchObject({ bill: null, subscription: { billedIntervals: 2 } });
    expect(await jobItemOf(t)).toBeUndefined();
    expect((await t.jobsOf(kind, t.advance(31 * day))).map((j) => j.dueAt)).toEqual([
      new Date('2027-03-31T10:00:00Z'),
    ]);
  });

  it('is removed by a cancel when it is still a job item written before', async () => {
    const t = await dueRenewal('job-item-cancelled');
    await asJobItemOfBefore(t);
    await cancel(t.healthy, t.scope, t.subscription.token);
    expect(await jobItemOf(t)).toBeUndefined();
    expect(await t.jobsOf(kind, t.advance(60 * day))).toEqual([]);
  });

  it('is removed by a cancel as a due item, at the next billing date its key holds', async () => {
    const t = await dueRenewal('due-item-cancelled');
    expect(await t.jobsOf(kind, t.advance(28 * day + minute))).toHaveLength(1);
    await cancel(t.healthy, t.scope, t.subscription.token);
    expect(await t.jobsOf(kind, t.advance(60 * day))).toEqual([]);
  });
});
