import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { jobKinds, type ScheduledJob } from '@wattle/ports';
import { createStore, migrations, revertMigrations, runMigrations, tableStatus } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { cancelIn, duePartition, jobShards, scheduleIn } from '../../packages/store/src/kernel/schedule.ts';
import { duePartitions } from '../../packages/store/src/migrations/due-partitions.ts';
import { idOfJob, itemsBefore, jobsBefore } from '../fixtures/due-layout-before/jobs.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { loadItems, scanTable, type TestTable, useTable } from '../helpers/table.ts';

const allKinds = Object.values(jobKinds);
const afterEverything = new Date('2031-01-01T00:00:00Z');

const load = (table: TestTable) => loadItems(table, itemsBefore);

/** Every job due by the end of the fixture's time, as the scheduler of today finds them (every kind). */
const dueNow = async (table: TestTable) => table.store.schedule.due(allKinds, afterEverything, 1000);

/** The items in the due partitions (`DUE#<shard>`): how many jobs the migration put there. */
const dueItems = async (table: TestTable) => {
  const items: Record<string, unknown>[] = [];
  for (let shard = 0; shard < jobShards; shard++) {
    const page = await table.doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': duePartition(shard) },
      }),
    );
    items.push(...(page.Items ?? []));
  }
  return items;
};

/** Every job item, guard and due item of the table (a consistent Scan). */
const jobItems = (table: TestTable) => scanTable(table, (item) => item._et === 'job');

const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`);

describe('migration 1: the due partitions, on jobs the code before wrote', () => {
  const table = useTable();

  it('the fixture holds every kind, in both of the layouts before', () => {
    expect(new Set(jobsBefore.map((job) => job.kind))).toEqual(new Set(allKinds));
    expect(itemsBefore.filter((item) => item.gsi3pk !== undefined).length).toBeGreaterThan(20);
    expect(itemsBefore.filter((item) => /^DUE#.+#\d+$/.test(item.pk as string)).length).toBe(4);
  });

  it('is found by today’s code once moved; cancelled in either layout; every job run once', async () => {
    await load(table);
    const store = table.store;
    // Before the migration today's scheduler reads the due partitions only: it finds none of
    // them. That is why a deployment migrates before the new scheduler runs (docs/operations/runbook.md).
    expect(await dueNow(table)).toEqual([]);

    // While not yet moved, today's code cancels jobs of either layout, and reschedules one.
    const recovery = jobsBefore.find((job) => job.kind === jobKinds.paymentRecovery)!;
    const settlement = jobsBefore.find((job) => job.kind === jobKinds.refundSettlement)!;
    const retry = jobsBefore.find((job) => job.kind === jobKinds.webhookRetry)!;
    const retryLater = { ...retry, dueAt: new Date('2030-06-01T00:00:00Z'), data: {} };
    await cancelIn(
      newTransaction(store.ctx),
      recovery.kind,
      recovery.scope,
      recovery.token,
      recovery.dueAt,
    ).commit(table.doc);
    await cancelIn(newTransaction(store.ctx), settlement.kind, settlement.scope, settlement.token).commit(
      table.doc,
    );
    await scheduleIn(newTransaction(store.ctx), retryLater).commit(table.doc);

    const status = await runMigrations(store.ctx, migrations);
    expect(status.version).toBe(migrations.length);
    expect(status.migrations[0]).toMatchObject({ id: 'due-partitions', state: 'done' });
    // The two cancelled are gone and the rescheduled one was moved by today's code first.
    expect(status.migrations[0]!.counts).toMatchObject({ moved: itemsBefore.length - 3 });

    const expected = jobsBefore.filter((job) => job !== recovery && job !== settlement && job !== retry);
    const found = await dueNow(table);
    expect(found.map(idOfJob).sort()).toEqual([...expected, retryLater].map(idOfJob).sort());
    for (const job of expected) expect(found.find((f) => idOfJob(f) === idOfJob(job))).toEqual(job);

    // Today's code cancels moved jobs too.
    const purge = expected.find((job) => job.kind === jobKinds.planPurge)!;
    const renewal = expected.find((job) => job.kind === jobKinds.subscriptionBilling)!;
    await cancelIn(newTransaction(store.ctx), purge.kind, purge.scope, purge.token).commit(table.doc);
    await cancelIn(
      newTransaction(store.ctx),
      renewal.kind,
      renewal.scope,
      renewal.token,
      renewal.dueAt,
    ).commit(table.doc);
    const left = [...expected, retryLater].filter((job) => job !== purge && job !== renewal);
    expect((await dueNow(table)).map(idOfJob).sort()).toEqual(left.map(idOfJob).sort());

    // And the scheduler runs each one once (a handler per kind that claims its job), two runs racing.
    const ran: string[] = [];
    const claimEach = Object.fromEntries(
      Object.keys(jobHandlers).map((kind) => [
        kind,
        async (job: ScheduledJob, deps: { schedule: typeof store.schedule }) => {
          await deps.schedule.drop(job);
          ran.push(idOfJob(job));
        },
      ]),
    );
    const deps = { schedule: store.schedule, logger: { error: () => {} } } as never;
    const runs = await Promise.all([
      runDueJobs(deps, afterEverything, claimEach),
      runDueJobs(deps, afterEverything, claimEach),
    ]);
    expect(runs.reduce((n, run) => n + run.failed, 0)).toBe(0);
    expect(ran.sort()).toEqual(left.map(idOfJob).sort());
    expect(await dueNow(table)).toEqual([]);
    expect(await dueItems(table)).toEqual([]);
  });
});

describe('a migration interrupted half way', () => {
  const table = useTable();
  const { doc, hooks } = watchedClient();
  const faulty = createStore(doc, table.tableName, table.store.ctx.cipher);

  it('resumes from its progress item: every job moved once, none lost', async () => {
    await load(table);
    // The eleventh move fails, as a crash there would: pages of five items, so two are saved.
    let moves = 0;
    hooks.fault = (call) =>
      call.command === 'TransactWriteItems' && ++moves === 11 ? new Error('crashed half way') : undefined;
    await expect(runMigrations(faulty.ctx, [duePartitions], { pageSize: 5 })).rejects.toThrow(
      'crashed half way',
    );
    const stopped = (await tableStatus(table.store.ctx, [duePartitions])).migrations[0]!;
    expect(stopped).toMatchObject({ state: 'running', counts: { moved: 10 } });
    expect(stopped.cursor).toBeDefined();
    expect((await tableStatus(table.store.ctx, [duePartitions])).version).toBe(0);

    hooks.reset();
    const pages: number[] = [];
    const status = await runMigrations(table.store.ctx, [duePartitions], {
      pageSize: 5,
      onPage: (progress) => pages.push(progress.counts.moved ?? 0),
    });
    // It went on after the two pages saved: the first page it read again was the third.
    expect(pages[0]).toBeGreaterThan(10);
    expect(status).toMatchObject({
      version: 1,
      migrations: [{ state: 'done', counts: { moved: itemsBefore.length } }],
    });
    expect((await dueItems(table)).length).toBe(itemsBefore.length);
    // Every job found but a payment's recovery: named by its due time, it waits for migration 5.
    expect((await dueNow(table)).map(idOfJob).sort()).toEqual(
      jobsBefore
        .filter((job) => job.kind !== jobKinds.paymentRecovery)
        .map(idOfJob)
        .sort(),
    );

    // Run again: nothing to do, the progress says done.
    hooks.reset();
    await runMigrations(faulty.ctx, [duePartitions]);
    expect(hooks.calls.map((call) => call.command)).toEqual(['GetItem', 'Query']);
    await runMigrations(table.store.ctx, migrations);
    expect((await dueNow(table)).map(idOfJob).sort()).toEqual(jobsBefore.map(idOfJob).sort());
  });
});

describe('a rollback of migration 1', () => {
  const table = useTable();

  it('puts back exactly the items the release before wrote, and the table at version 0', async () => {
    await load(table);
    await runMigrations(table.store.ctx, migrations);
    // A job moved by today's code meanwhile, then moved back on: the due item it left is stale.
    const purge = jobsBefore.find((job) => job.kind === jobKinds.planPurge)!;
    await scheduleIn(newTransaction(table.store.ctx), {
      ...purge,
      dueAt: new Date('2030-09-01T00:00:00Z'),
    }).commit(table.doc);
    await scheduleIn(newTransaction(table.store.ctx), purge).commit(table.doc);

    const status = await revertMigrations(table.store.ctx, migrations, 0, { pageSize: 7 });
    expect(status.version).toBe(0);
    expect(status.migrations.map((m) => m.state)).toEqual(migrations.map(() => 'pending'));
    expect((await jobItems(table)).sort(byKey)).toEqual([...itemsBefore].sort(byKey));

    // And forward again: every job found once more.
    await runMigrations(table.store.ctx, migrations);
    expect((await dueNow(table)).map(idOfJob).sort()).toEqual(jobsBefore.map(idOfJob).sort());
  });
});

describe('a rollback interrupted half way', () => {
  const table = useTable();
  const { doc, hooks } = watchedClient();
  const faulty = createStore(doc, table.tableName, table.store.ctx.cipher);

  it('resumes from its progress item: every job back once, in the form before', async () => {
    await load(table);
    await runMigrations(table.store.ctx, migrations);
    let moves = 0;
    hooks.reset();
    hooks.fault = (call) =>
      call.command === 'TransactWriteItems' && ++moves === 9 ? new Error('crashed half way') : undefined;
    await expect(revertMigrations(faulty.ctx, migrations, 0, { pageSize: 4 })).rejects.toThrow(
      'crashed half way',
    );
    const stopped = await tableStatus(table.store.ctx, migrations);
    // Migration 2 was undone (nothing to undo); migration 1 stopped with two pages saved.
    expect(stopped.version).toBe(1);
    const reverting = stopped.migrations[0]!;
    expect(reverting.state).toBe('reverting');
    expect(reverting.cursor).toBeDefined();
    expect(reverting.counts['moved back']).toBeGreaterThan(0);
    expect(reverting.counts['moved back']).toBeLessThan(itemsBefore.length);

    hooks.reset();
    const status = await revertMigrations(table.store.ctx, migrations, 0, { pageSize: 4 });
    expect(status).toMatchObject({ version: 0, migrations: migrations.map(() => ({ state: 'pending' })) });
    expect(await dueItems(table)).toEqual([]);
    expect((await jobItems(table)).sort(byKey)).toEqual([...itemsBefore].sort(byKey));
    // Forward again from the top, every job found once more.
    await runMigrations(table.store.ctx, migrations);
    expect((await dueNow(table)).map(idOfJob).sort()).toEqual(jobsBefore.map(idOfJob).sort());
  });
});
