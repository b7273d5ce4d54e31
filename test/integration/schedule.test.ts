import type { Scope } from '@wattle/domain';
import { jobKinds, type ScheduledJob } from '@wattle/ports';
import { randomIds } from '@wattle/runtime';
import { createStore } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { batchWriteAll } from '../../packages/store/src/kernel/batch-write.ts';
import { newTransaction } from '../../packages/store/src/kernel/context.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import {
  claimIn,
  duePartition,
  jobShards,
  recoveryDueItem,
  scheduleIn,
} from '../../packages/store/src/kernel/schedule.ts';
import { watchedClient } from '../helpers/due-renewal.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const scope: Scope = { accountId: 'acct_schedule', environment: 'test' };
const now = new Date('2026-11-21T05:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const schedule = async (job: ScheduledJob) => {
  await scheduleIn(newTransaction(table.store.ctx), job).commit(table.doc);
};

const deps = () => testDeps(table);
/** A second client on the table, its calls watched: the scheduler's reads, counted. */
const { doc, hooks } = watchedClient();

describe('scheduled jobs', () => {
  it('are found when due, across shards, and not before', async () => {
    const kind = `k-${randomIds.token('req')}`;
    const tokens = Array.from({ length: 20 }, () => randomIds.token('rf'));
    for (const [i, token] of tokens.entries()) await schedule({ kind, scope, token, dueAt: at(i) });
    expect(await table.store.schedule.due(kind, at(-1))).toEqual([]);
    const due = await table.store.schedule.due(kind, at(9));
    expect(due.map((job) => job.token)).toEqual(tokens.slice(0, 10));
    expect(due[0]).toMatchObject({ kind, scope, dueAt: at(0) });
  });

  it('are done once when two runs claim the same job', async () => {
    const kind = `k-${randomIds.token('req')}`;
    const job: ScheduledJob = { kind, scope, token: randomIds.token('rf'), dueAt: at(0) };
    await schedule(job);
    const claims = await Promise.allSettled([
      claimIn(newTransaction(table.store.ctx), job).commit(table.doc),
      claimIn(newTransaction(table.store.ctx), job).commit(table.doc),
    ]);
    expect(claims.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    // The store says which job another run took (JobTaken), not which item's condition failed.
    expect(claims.find((c) => c.status === 'rejected')).toMatchObject({
      reason: { name: 'JobTaken', kind, token: job.token },
    });
  });

  it('cannot be claimed once rescheduled', async () => {
    const kind = `k-${randomIds.token('req')}`;
    const job: ScheduledJob = { kind, scope, token: randomIds.token('rf'), dueAt: at(0) };
    await schedule(job);
    await schedule({ ...job, dueAt: at(60) });
    await expect(claimIn(newTransaction(table.store.ctx), job).commit(table.doc)).rejects.toMatchObject({
      name: 'JobTaken',
      kind,
    });
  });

  it('run through overlapping scheduler runs exactly once each', async () => {
    const kind = `k-${randomIds.token('req')}`;
    for (let i = 0; i < 30; i++) await schedule({ kind, scope, token: randomIds.token('rf'), dueAt: at(i) });
    const done: string[] = [];
    const handlers = {
      [kind]: async (job: ScheduledJob) => {
        await claimIn(newTransaction(table.store.ctx), job).commit(table.doc);
        done.push(job.token);
      },
    };
    const [a, b] = await Promise.all([
      runDueJobs(deps(), at(100), handlers),
      runDueJobs(deps(), at(100), handlers),
    ]);
    expect(done).toHaveLength(30);
    expect(new Set(done).size).toBe(30);
    expect(a.done + b.done).toBe(30);
    expect(a.failed + b.failed).toBe(0);
    expect(await table.store.schedule.due(kind, at(100))).toEqual([]);
  });

  it('leave a failing job due for the next run, and go on with the others', async () => {
    const kind = `k-${randomIds.token('req')}`;
    await schedule({ kind, scope, token: 'rf_fails', dueAt: at(0) });
    await schedule({ kind, scope, token: 'rf_works', dueAt: at(1) });
    const handlers = {
      [kind]: async (job: ScheduledJob) => {
        if (job.token === 'rf_fails') throw new Error('boom');
        await claimIn(newTransaction(table.store.ctx), job).commit(table.doc);
      },
    };
    expect(await runDueJobs(deps(), at(10), handlers)).toEqual({ done: 1, claimedElsewhere: 0, failed: 1 });
    expect((await table.store.schedule.due(kind, at(10))).map((j) => j.token)).toEqual(['rf_fails']);
  });

  it('are read with one Query per due shard a run, every kind at once, and a moved job is due once', async () => {
    const watched = {
      ...deps(),
      schedule: createStore(doc, table.tableName, table.store.ctx.cipher).schedule,
    };
    const kind = jobKinds.refundSettlement;
    const job: ScheduledJob = { kind, scope, token: randomIds.token('rf'), dueAt: at(-7200) };
    await schedule(job);
    // Moved later: the due item at the first time is stale, and is deleted when a run reads it.
    await schedule({ ...job, dueAt: at(-3600) });
    const ran: Date[] = [];
    const handlers = Object.fromEntries(
      Object.keys(jobHandlers).map((k) => [
        k,
        async (due: ScheduledJob) => {
          await claimIn(newTransaction(table.store.ctx), due).commit(table.doc);
          ran.push(due.dueAt);
        },
      ]),
    );
    expect(await runDueJobs(watched, at(0), handlers)).toMatchObject({ done: 1, failed: 0 });
    expect(ran).toEqual([at(-3600)]);
    // Nothing due now: one run is 8 Queries, one per shard, whatever the kinds.
    hooks.reset();
    expect(await runDueJobs(watched, at(0), handlers)).toEqual({ done: 0, claimedElsewhere: 0, failed: 0 });
    expect(hooks.calls.map((call) => call.command)).toEqual(Array(jobShards).fill('Query'));
  });

  it("page past the fan-out's markers in flight at once: a busy partition costs a Query more, not one per page of them", async () => {
    // 300 events a partition whose fan-out is under way (not overdue), written as the outbox does.
    const writtenAt = at(0).toISOString();
    const requests = Array.from({ length: jobShards }, (_, shard) =>
      Array.from({ length: 300 }, (_, n) => ({
        PutRequest: {
          Item: {
            ...keys.fanOutMarker(
              scope,
              `evt_busy${shard}x${String(n).padStart(16, '0')}`,
              duePartition(shard),
            ),
            _et: 'fan_out_marker',
            accountId: scope.accountId,
            environment: scope.environment,
            token: `evt_busy${shard}x${String(n).padStart(16, '0')}`,
            createdAt: writtenAt,
          },
        },
      })),
    ).flat();
    await batchWriteAll(table.doc, table.tableName, requests);
    const kind = `k-${randomIds.token('req')}`;
    const job: ScheduledJob = { kind, scope, token: randomIds.token('rf'), dueAt: at(-60) };
    await schedule(job);
    const watched = createStore(doc, table.tableName, table.store.ctx.cipher);

    hooks.reset();
    expect((await watched.schedule.due(kind, at(0))).map((due) => due.token)).toEqual([job.token]);
    expect(hooks.calls.filter((call) => call.command === 'Query').length).toBeLessThanOrEqual(2 * jobShards);
    // The fan-out's reader reads every marker (none overdue here) in pages as large as DynamoDB's.
    hooks.reset();
    expect(await watched.events.awaitingFanOut(at(-1))).toEqual([]);
    expect(hooks.calls.filter((call) => call.command === 'Query').length).toBeLessThanOrEqual(2 * jobShards);
  });

  it("find the payments' recovery items due among those in flight (in no order of time), and not one before it is due", async () => {
    // About 300 charges a partition in flight, their recovery due in two minutes, as reservations write them.
    const inFlight = Array.from({ length: 300 * jobShards }, () =>
      recoveryDueItem({
        kind: jobKinds.paymentRecovery,
        scope,
        token: randomIds.token('ch'),
        dueAt: at(120),
      }),
    );
    await batchWriteAll(
      table.doc,
      table.tableName,
      inFlight.map((Item) => ({ PutRequest: { Item } })),
    );
    // Two whose time has come (a crash, an unknown outcome), and a job of another kind behind them all.
    const recoveries: ScheduledJob[] = [at(-60), at(-1)].map((dueAt) => ({
      kind: jobKinds.paymentRecovery,
      scope,
      token: randomIds.token('ch'),
      dueAt,
    }));
    for (const job of recoveries) await schedule(job);
    const settlement: ScheduledJob = {
      kind: jobKinds.transferPayout,
      scope,
      token: randomIds.token('tfer'),
      dueAt: at(-30),
    };
    await schedule(settlement);
    const watched = createStore(doc, table.tableName, table.store.ctx.cipher);

    hooks.reset();
    const due = await watched.schedule.due(Object.values(jobKinds), at(0));
    expect(due.map((job) => job.token)).toEqual([
      recoveries[0]!.token,
      settlement.token,
      recoveries[1]!.token,
    ]);
    expect(due[0]).toMatchObject({ kind: jobKinds.paymentRecovery, scope, dueAt: at(-60) });
    // The first page of each partition, then the rest of its recovery items and its due items in one.
    expect(hooks.calls.filter((call) => call.command === 'Query').length).toBeLessThanOrEqual(2 * jobShards);
    // A second later nothing more is due; two minutes later every one is.
    expect((await watched.schedule.due(jobKinds.paymentRecovery, at(1))).length).toBe(2);
    expect((await watched.schedule.due(jobKinds.paymentRecovery, at(120), 1000)).length).toBe(
      inFlight.length + 2,
    );
    // The fan-out's reader stops at the first recovery item: the markers all sort before them.
    hooks.reset();
    expect(await watched.events.awaitingFanOut(at(-1))).toEqual([]);
    expect(hooks.calls.filter((call) => call.command === 'Query').length).toBeLessThanOrEqual(2 * jobShards);
  });
});
