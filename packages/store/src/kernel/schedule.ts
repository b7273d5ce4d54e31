import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment, Scope } from '@wattle/domain';
import { JobTaken, jobKindsNamedByDueTime, type ScheduledJob, type ScheduleStore } from '@wattle/ports';
import type { DocumentClient } from './client.ts';
import type { StoreContext } from './context.ts';
import { StoreError } from './errors.ts';
import { shardOfToken } from './shards.ts';
import { Transaction } from './transaction.ts';

/** The labels of a scheduled job's items in a transaction (`job` is the one JobTaken names). */
export type JobLabel = 'job' | 'due' | `job:${string}` | `job-item:${string}`;

/** Due jobs of one kind spread over this many index partitions, so none caps the throughput. */
export const jobShards = 8;

export const jobKey = (kind: string, scope: Scope, token: string) => ({
  pk: `JOB#${kind}#${scope.accountId}#${scope.environment}#${token}`,
  sk: 'JOB',
});

const dueSortKey = (dueAt: Date, token: string): string => `${dueAt.toISOString()}#${token}`;

/**
 * The kinds named by their due time (jobKindsNamedByDueTime) are kept as due items: the job itself
 * in its due partition (`DUE#<kind>#<shard>`, sorted by when it falls due), in no index. A
 * payment's recovery job is written and removed with every charge, a subscription's renewal job
 * moved twice by every renewal: as an indexed job item its index entry doubled every such write
 * (TABLE.md). The due time is part of the key, and a move is a delete and a put.
 */
const dueItemKinds = jobKindsNamedByDueTime;

const dueItemKey = (kind: string, scope: Scope, token: string, dueAt: Date) => ({
  pk: `DUE#${kind}#${shardOfToken(token, jobShards)}`,
  sk: dueSortKey(dueAt, `${scope.accountId}#${scope.environment}#${token}`),
});

/** What a job item and a due item both hold: the job itself. */
const jobFields = (job: ScheduledJob) => ({
  _et: 'job',
  kind: job.kind,
  accountId: job.scope.accountId,
  environment: job.scope.environment,
  token: job.token,
  dueAt: job.dueAt.toISOString(),
});

const dueItem = (job: ScheduledJob) => ({
  ...dueItemKey(job.kind, job.scope, job.token, job.dueAt),
  ...jobFields(job),
  ...(job.data ? { data: job.data } : {}),
});

/** Schedules (or reschedules: one job per kind and resource; a due item's kind: once) inside `tx`. */
export const scheduleIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
): Transaction<L | JobLabel> =>
  tx.put(`job:${job.kind}`, { Item: dueItemKinds.has(job.kind) ? dueItem(job) : jobItem(job) });

const jobItem = (job: ScheduledJob) => ({
  ...jobKey(job.kind, job.scope, job.token),
  ...jobFields(job),
  data: job.data ?? {},
  gsi3pk: `DUE#${job.kind}#${shardOfToken(job.token, jobShards)}`,
  gsi3sk: dueSortKey(job.dueAt, job.token),
});

/**
 * Claims a due job inside the transaction doing its work: the transaction fails with JobTaken when
 * another run claimed it first or it was rescheduled in between.
 */
export const claimIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
): Transaction<L | JobLabel> =>
  tx
    .delete(
      'job',
      dueItemKinds.has(job.kind)
        ? // The due time is in the key: the item there is this very job.
          {
            Key: dueItemKey(job.kind, job.scope, job.token, job.dueAt),
            ConditionExpression: 'attribute_exists(pk)',
          }
        : {
            Key: jobKey(job.kind, job.scope, job.token),
            ConditionExpression: 'dueAt = :due',
            ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
          },
    )
    .refuse('job', () => new JobTaken(job.kind, job.token));

/**
 * Claims a due job and puts it back due at `next`: JobTaken as for claimIn. For recurring work such
 * as the daily deposit. A job item in one write (a transaction may touch an item once); a due
 * item, whose key holds its due time, is claimed where it is (deleted under `attribute_exists`)
 * and put anew at `next`, or rewritten under `attribute_exists` when `next` is its very key.
 */
export const advanceIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  job: ScheduledJob,
  next: Date,
): Transaction<L | JobLabel> => {
  const moved = { ...job, dueAt: next };
  if (dueItemKinds.has(job.kind)) {
    if (next.getTime() === job.dueAt.getTime()) {
      return tx
        .put('job', { Item: dueItem(moved), ConditionExpression: 'attribute_exists(pk)' })
        .refuse('job', () => new JobTaken(job.kind, job.token));
    }
    return claimIn(tx, job).put(`job:${job.kind}`, { Item: dueItem(moved) });
  }
  return tx
    .put('job', {
      Item: jobItem(moved),
      ConditionExpression: 'dueAt = :due',
      ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
    })
    .refuse('job', () => new JobTaken(job.kind, job.token));
};

/**
 * Removes the job item a job of a due item's kind was kept in before that kind became one, if it
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
 * Removes a job that is no longer wanted (the resource changed so the work is moot). A due item's
 * kind needs `dueAt`, the time it was scheduled at (its key).
 */
export const cancelIn = <L extends string>(
  tx: Transaction<L | JobLabel>,
  kind: string,
  scope: Scope,
  token: string,
  dueAt?: Date,
): Transaction<L | JobLabel> => {
  if (!dueItemKinds.has(kind)) return tx.delete(`job:${kind}`, { Key: jobKey(kind, scope, token) });
  if (!dueAt) throw new StoreError(`Cancelling a ${kind} job needs the time it is due at`);
  return tx.delete(`job:${kind}`, { Key: dueItemKey(kind, scope, token, dueAt) });
};

const toJob = (item: Record<string, unknown>): ScheduledJob => ({
  kind: item.kind as string,
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
  dueAt: new Date(item.dueAt as string),
  data: (item.data as Record<string, unknown>) ?? {},
});

/** Up to `limit` items due by `now` in one due partition: `DUE#<kind>#<shard>` on gsi3, or in the table. */
const dueIn = async (
  doc: DocumentClient,
  tableName: string,
  partition: string,
  where: 'gsi3' | 'table',
  now: Date,
  limit: number,
): Promise<Record<string, unknown>[]> => {
  const result = await doc.send(
    new QueryCommand({
      TableName: tableName,
      ...(where === 'gsi3'
        ? { IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :upper' }
        : { KeyConditionExpression: 'pk = :pk AND sk < :upper' }),
      // '#' follows the time in the sort key and '$' sorts right after it: everything due by now.
      ExpressionAttributeValues: { ':pk': partition, ':upper': `${now.toISOString()}$` },
      Limit: limit,
    }),
  );
  return result.Items ?? [];
};

export class ScheduleRepo implements ScheduleStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Claims a job that has nothing left to do (its work was done or made moot elsewhere). */
  async drop(job: ScheduledJob): Promise<void> {
    await claimIn(new Transaction<JobLabel>(this.ctx.tableName, undefined, this.ctx.timeLeft), job).commit(
      this.ctx.doc,
    );
  }

  /** Up to `limit` jobs of `kind` per shard due by `now`, earliest first within a shard. */
  async due(kind: string, now: Date, limit = 100): Promise<ScheduledJob[]> {
    const { doc, tableName } = this.ctx;
    const shards = await Promise.all(
      Array.from({ length: jobShards }, async (_, shard) => {
        const partition = `DUE#${kind}#${shard}`;
        const indexed = (await dueIn(doc, tableName, partition, 'gsi3', now, limit)).map(toJob);
        if (!dueItemKinds.has(kind)) return indexed;
        // Jobs of this kind written before it was kept as due items are moved into them first.
        await Promise.all(indexed.map((job) => this.toDueItem(job)));
        return (await dueIn(doc, tableName, partition, 'table', now, limit)).map(toJob);
      }),
    );
    return shards.flat().sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /** Moves a job item of a due item's kind into its due item, unless it was claimed meanwhile. */
  private async toDueItem(job: ScheduledJob): Promise<void> {
    const tx = new Transaction<JobLabel>(this.ctx.tableName, undefined, this.ctx.timeLeft)
      .delete('job', {
        Key: jobKey(job.kind, job.scope, job.token),
        ConditionExpression: 'dueAt = :due',
        ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
      })
      .put('due', { Item: dueItem(job) });
    try {
      await tx.commit(this.ctx.doc, { job: () => new JobTaken(job.kind, job.token) });
    } catch (error) {
      if (!(error instanceof JobTaken)) throw error;
    }
  }
}
