import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment, Scope } from '@wattle/domain';
import {
  jobKinds,
  jobKindsNamedByDueTime,
  jobTaken,
  type ScheduledJob,
  type ScheduleStore,
} from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { duePage, firstDueKey, firstDuePage, recoveryDuePrefix } from './due-reads.ts';
import { StoreError } from './errors.ts';
import { shardOfToken } from './shards.ts';
import { Transaction } from './transaction.ts';

/** The labels of a scheduled job's items in a transaction (`job` is the one JobTaken names). */
export type JobLabel =
  | 'job'
  | 'due'
  | 'due-was'
  | 'due-timed'
  | `job:${string}`
  | `due:${string}`
  | `job-item:${string}`;

/** Due items spread over this many partitions, so none caps the throughput; a run reads each once. */
export const jobShards = 8;

/** The partition of the due items of every kind whose token falls in `shard`. */
export const duePartition = (shard: number): string => `DUE#${shard}`;

/** A job's key: its job item before migration 1, its guard since (a kind named by its due time has none). */
export const jobKey = (kind: string, scope: Scope, token: string) => ({
  pk: `JOB#${kind}#${scope.accountId}#${scope.environment}#${token}`,
  sk: 'JOB',
});

/**
 * Where a job's due item is named by its due time: in its shard's one partition (`DUE#<shard>`),
 * sorted by due time, kind then scope and token after it (every kind but a payment's recovery).
 */
export const timeOrderedDueKey = (kind: string, scope: Scope, token: string, dueAt: Date) => ({
  pk: duePartition(shardOfToken(token, jobShards)),
  sk: `${dueAt.toISOString()}#${kind}#${scope.accountId}#${scope.environment}#${token}`,
});

/**
 * A payment's recovery due item, named by its payment (its due time last): in the same partition,
 * before every due time, as the fan-out markers are. Every charge writes one and deletes it a
 * moment later: named by time, they were all appended at one end of 8 partitions (4 write units a
 * charge there: 2,000 charges a second for the table); named by the payment, a second's land all
 * over the key range, which DynamoDB splits between items (decision 212).
 */
export const recoveryDueKey = (scope: Scope, token: string, dueAt: Date) => ({
  pk: duePartition(shardOfToken(token, jobShards)),
  sk: `${recoveryDuePrefix}${scope.accountId}#${scope.environment}#${token}#${dueAt.toISOString()}`,
});

/**
 * Every job is a due item in its shard's one partition (`DUE#<shard>`): a scheduler run reads the
 * shards once each, every kind at once, and the events' fan-out markers with them (they sort
 * before every time: events-outbox.ts). A payment's recovery is named by the payment, the rest by
 * due time.
 */
export const dueItemKey = (kind: string, scope: Scope, token: string, dueAt: Date) =>
  kind === jobKinds.paymentRecovery
    ? recoveryDueKey(scope, token, dueAt)
    : timeOrderedDueKey(kind, scope, token, dueAt);

/**
 * Where a kind named by its due time kept its due item before migration 1 (`DUE#<kind>#<shard>`):
 * a cancel deletes it there too, as the migration may not have moved it yet (expand; the contract
 * release drops this once every table's version is 1 or more).
 */
export const dueItemKeyBefore = (kind: string, scope: Scope, token: string, dueAt: Date) => ({
  pk: `DUE#${kind}#${shardOfToken(token, jobShards)}`,
  sk: `${dueAt.toISOString()}#${scope.accountId}#${scope.environment}#${token}`,
});

/** The kinds named by their due time have one due item per time and no guard (jobKindsNamedByDueTime). */
const timedKinds = jobKindsNamedByDueTime;

/** What a guard and a due item both hold: the job itself. */
const jobFields = (job: ScheduledJob) => ({
  _et: 'job',
  kind: job.kind,
  accountId: job.scope.accountId,
  environment: job.scope.environment,
  token: job.token,
  dueAt: job.dueAt.toISOString(),
});

/**
 * A due item. `v`, for a kind with a guard, is the write's own mark, kept in its guard too: the
 * due item is live while its guard holds the same mark, and stale (moved or cancelled since) once
 * it does not. A kind named by its due time has no guard: its due item is the job.
 */
export const dueItem = (job: ScheduledJob, v?: string) =>
  job.kind === jobKinds.paymentRecovery ? recoveryDueItem(job) : timeOrderedDueItem(job, v);

/**
 * A due item named by its due time: every kind's but a payment's recovery, and that one's too as
 * migrations 1 to 4 wrote it (migration 1 moves a job into this form, migration 5 the recovery
 * items out of it, and its revert back).
 */
export const timeOrderedDueItem = (job: ScheduledJob, v?: string) => ({
  ...timeOrderedDueKey(job.kind, job.scope, job.token, job.dueAt),
  ...jobFields(job),
  ...(job.data ? { data: job.data } : {}),
  ...(v ? { v } : {}),
});

/** The type (`_et`) of a payment's recovery due item: its kind is in its key, not an attribute. */
export const recoveryDueType = 'recovery_due';

/**
 * A payment's recovery due item (migration 5's form): no `kind` attribute, as the release before
 * takes every item of a due partition's first page with a kind it runs as due at once, and the
 * first page now holds the recovery items in flight, most not due for minutes (a 3-D Secure
 * charge declined while its payer authenticates). The release before passes over it.
 */
export const recoveryDueItem = (job: ScheduledJob) => {
  const { kind: _kind, ...fields } = jobFields(job);
  return {
    ...recoveryDueKey(job.scope, job.token, job.dueAt),
    ...fields,
    _et: recoveryDueType,
    ...(job.data && Object.keys(job.data).length > 0 ? { data: job.data } : {}),
  };
};

/** The kind of the job a due item holds (a payment's recovery item's is its type's). */
export const kindOfDueItem = (item: Record<string, unknown>): string =>
  item._et === recoveryDueType ? jobKinds.paymentRecovery : (item.kind as string);

/**
 * A guarded kind's guard: the one item per kind and resource (`JOB#…`, the job item's key before),
 * holding when the job is due and the mark `v` of its live due item. Scheduling again overwrites it
 * (the due item at the old time goes stale: the scheduler deletes it when it falls due), a cancel
 * deletes it, a claim deletes it under `dueAt = :due`.
 */
export const guardItem = (job: ScheduledJob, v: string) => ({
  ...jobKey(job.kind, job.scope, job.token),
  ...jobFields(job),
  v,
});

/** A fresh mark for a due item and its guard. */
export const newMark = (): string => randomBytes(6).toString('base64url');

/** Schedules (or reschedules: one job per kind and resource; a timed kind's: once) inside `tx`. */
export const scheduleIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
): Transaction<L | JobLabel> => {
  if (timedKinds.has(job.kind)) return tx.put(`job:${job.kind}`, { Item: dueItem(job) });
  const v = newMark();
  return tx
    .put(`job:${job.kind}`, { Item: guardItem(job, v) })
    .put(`due:${job.kind}`, { Item: dueItem(job, v) });
};

/** The guard as `job` read it: there, and due at the job's time (else another run claimed or moved it). */
const guardHolds = (job: ScheduledJob) => ({
  ConditionExpression: 'dueAt = :due',
  ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
});

/**
 * Claims a due job inside the transaction doing its work: the transaction fails with JobTaken when
 * another run claimed it first or it was rescheduled in between.
 */
export const claimIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
): Transaction<L | JobLabel> => {
  const key = dueItemKey(job.kind, job.scope, job.token, job.dueAt);
  if (timedKinds.has(job.kind))
    // The due time is in the key: the item there is this very job.
    return tx
      .delete('job', { Key: key, ConditionExpression: 'attribute_exists(pk)' })
      .refuse('job', jobTaken(job));
  return tx
    .delete('job', { Key: jobKey(job.kind, job.scope, job.token), ...guardHolds(job) })
    .delete(`due:${job.kind}`, { Key: key })
    .refuse('job', jobTaken(job));
};

/**
 * Claims a due job and puts it back due at `next`: JobTaken as for claimIn. For recurring work such
 * as the daily deposit. A timed kind's due item is claimed where it is (deleted under
 * `attribute_exists`) and put anew at `next`, or rewritten under `attribute_exists` when `next` is
 * its very key; a guarded kind's guard is rewritten under its condition and its due item moved.
 */
export const advanceIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
  next: Date,
): Transaction<L | JobLabel> => {
  const moved = { ...job, dueAt: next };
  const same = next.getTime() === job.dueAt.getTime();
  if (timedKinds.has(job.kind)) {
    if (same)
      return tx
        .put('job', { Item: dueItem(moved), ConditionExpression: 'attribute_exists(pk)' })
        .refuse('job', jobTaken(job));
    return claimIn(tx, job).put(`job:${job.kind}`, { Item: dueItem(moved) });
  }
  const v = newMark();
  tx.put('job', { Item: guardItem(moved, v), ...guardHolds(job) }).refuse('job', jobTaken(job));
  if (!same) tx.delete('due-was', { Key: dueItemKey(job.kind, job.scope, job.token, job.dueAt) });
  return tx.put(`due:${job.kind}`, { Item: dueItem(moved, v) });
};

/**
 * Removes the job item a job of a timed kind was kept in before that kind became a due item, if it
 * is still there (unconditional: a missing item is no failure). A change that cancels or moves
 * such a job without having claimed it cannot tell which form it is in.
 */
export const cancelJobItemIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  kind: string,
  scope: Scope,
  token: string,
): Transaction<L | JobLabel> => tx.delete(`job-item:${kind}`, { Key: jobKey(kind, scope, token) });

/**
 * Removes a job that is no longer wanted (the resource changed so the work is moot). A timed kind
 * needs `dueAt`, the time it was scheduled at (its key); its due item is deleted where it is now
 * and where it was before migration 1; a payment's recovery item also where migration 1 put it
 * (named by its time: migration 5 may not have moved it yet; the contract release drops both).
 * `where-written`: the caller scheduled the job itself, with this code, so it is only where this
 * code writes it (a charge's own request settling it: deletes at the time-ordered ends of the old
 * places would bill a write there per charge, the very load migration 5 took off them). A guarded
 * kind's guard is deleted, in either layout: its due item, if any, is stale from then on.
 */
export const cancelIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  kind: string,
  scope: Scope,
  token: string,
  dueAt?: Date,
  where: 'anywhere' | 'where-written' = 'anywhere',
): Transaction<L | JobLabel> => {
  if (!timedKinds.has(kind)) return tx.delete(`job:${kind}`, { Key: jobKey(kind, scope, token) });
  if (!dueAt) throw new StoreError(`Cancelling a ${kind} job needs the time it is due at`);
  if (where === 'where-written')
    return tx.delete(`job:${kind}`, { Key: dueItemKey(kind, scope, token, dueAt) });
  tx.delete(`job:${kind}`, { Key: dueItemKey(kind, scope, token, dueAt) }).delete(`due-was`, {
    Key: dueItemKeyBefore(kind, scope, token, dueAt),
  });
  if (kind === jobKinds.paymentRecovery)
    tx.delete('due-timed', { Key: timeOrderedDueKey(kind, scope, token, dueAt) });
  return tx;
};

const toJob = (item: Record<string, unknown>): ScheduledJob => ({
  kind: kindOfDueItem(item),
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
  dueAt: new Date(item.dueAt as string),
  data: (item.data as Record<string, unknown>) ?? {},
});

export class ScheduleRepo implements ScheduleStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Claims a job that has nothing left to do (its work was done or made moot elsewhere). */
  async drop(job: ScheduledJob): Promise<void> {
    await claimIn(new Transaction<JobLabel>(this.ctx.tableName, undefined, this.ctx.timeLeft), job).commit(
      this.ctx.doc,
    );
  }

  /**
   * Up to `limit` jobs of `kinds` per shard due by `now`, earliest first: one Query per shard when
   * every kind is asked for (the scheduler), more only where other kinds fill a page. A guarded
   * kind's due item is checked against its guard (one consistent BatchGet): a stale one is deleted.
   */
  async due(kinds: string | readonly string[], now: Date, limit = 100): Promise<ScheduledJob[]> {
    const wanted = new Set(typeof kinds === 'string' ? [kinds] : kinds);
    const items = (
      await Promise.all(
        Array.from({ length: jobShards }, (_, shard) => this.dueInShard(shard, wanted, now, limit)),
      )
    ).flat();
    const live = await this.liveOnly(items);
    return live.map(toJob).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /** Up to `limit` due items of `wanted` kinds in one shard, by due time. */
  private async dueInShard(
    shard: number,
    wanted: ReadonlySet<string>,
    now: Date,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    const dueBy = now.toISOString();
    // '#' follows the time in the sort key and '$' sorts right after it: everything due by now.
    const upper = `${dueBy}$`;
    const pk = duePartition(shard);
    const isDue = (item: Record<string, unknown>) =>
      wanted.has(kindOfDueItem(item)) && String(item.dueAt) <= dueBy && !waitsForMigration5(item);
    // The first page shared with the fan-out's markers (they sort first, and have no kind).
    let page = await firstDuePage(this.ctx, shard, pk, upper, limit);
    for (;;) {
      for (const item of page.items) if (isDue(item)) found.push(item);
      if (!page.lastKey || found.length >= limit) break;
      const last = String(page.lastKey.sk);
      // Still among the markers (a busy second's, in flight): on from the recovery items at once;
      // among those (every charge in flight has one), on 1,000 at a time, only the due ones back;
      // past them, on by due time.
      page =
        last < recoveryDuePrefix
          ? await duePage(this.ctx, pk, upper, recoveryPageSize, undefined, recoveryDuePrefix, dueBy)
          : last < firstDueKey
            ? await duePage(this.ctx, pk, upper, recoveryPageSize, page.lastKey, undefined, dueBy)
            : await duePage(this.ctx, pk, upper, limit, page.lastKey);
    }
    return found.slice(0, limit);
  }

  /** The due items still live: a timed kind's always; a guarded kind's while its guard holds its mark. */
  private async liveOnly(items: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
    const guarded = items.filter((item) => !timedKinds.has(kindOfDueItem(item)));
    if (guarded.length === 0) return items;
    const guards = new Map<string, Record<string, unknown>>();
    const keysWanted = [...new Map(guarded.map((item) => [guardPkOf(item), item])).values()].map((item) =>
      jobKey(item.kind as string, scopeOf(item), item.token as string),
    );
    // BatchGetItem takes 100 keys at most.
    for (let i = 0; i < keysWanted.length; i += 100) {
      let left: Record<string, unknown>[] = keysWanted.slice(i, i + 100);
      while (left.length > 0) {
        const result = await this.ctx.doc.send(
          new BatchGetCommand({
            RequestItems: { [this.ctx.tableName]: { Keys: left, ConsistentRead: true } },
          }),
        );
        for (const guard of result.Responses?.[this.ctx.tableName] ?? [])
          guards.set(guard.pk as string, guard);
        left = result.UnprocessedKeys?.[this.ctx.tableName]?.Keys ?? [];
      }
    }
    const live: Record<string, unknown>[] = [];
    for (const item of items) {
      if (timedKinds.has(kindOfDueItem(item))) live.push(item);
      else if (guards.get(guardPkOf(item))?.v === item.v && item.v !== undefined) live.push(item);
      else await this.deleteStale(item);
    }
    return live;
  }

  /** Deletes a stale due item, unless it was written again since it was read (a new mark). */
  private async deleteStale(item: Record<string, unknown>): Promise<void> {
    try {
      await this.ctx.doc.send(
        new DeleteCommand({
          TableName: this.ctx.tableName,
          Key: { pk: item.pk, sk: item.sk },
          ...(item.v === undefined
            ? { ConditionExpression: 'attribute_not_exists(v)' }
            : { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': item.v } }),
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

/**
 * The recovery items after a partition's first page are read this many at once (about 200 KB):
 * every charge in flight has one, due minutes later.
 */
const recoveryPageSize = 1000;

/**
 * A payment's recovery item still named by its due time (written by the release before migration
 * 5): its claim names the payment's key, so it waits for the migration to move it (a deployment
 * migrates before the new scheduler runs: docs/operations/runbook.md).
 */
const waitsForMigration5 = (item: Record<string, unknown>): boolean =>
  item.kind === jobKinds.paymentRecovery && !String(item.sk).startsWith(recoveryDuePrefix);

const scopeOf = (item: Record<string, unknown>): Scope => ({
  accountId: item.accountId as string,
  environment: item.environment as Environment,
});

const guardPkOf = (item: Record<string, unknown>): string =>
  jobKey(item.kind as string, scopeOf(item), item.token as string).pk;
