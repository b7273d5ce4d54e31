import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment, Scope } from '@wattle/domain';
import { JobTaken, type ScheduledJob, type ScheduleStore } from '@wattle/ports';
import type { StoreContext } from './context.ts';
import { shardOfToken } from './shards.ts';
import { Transaction } from './transaction.ts';

/** Due jobs of one kind spread over this many index partitions, so none caps the throughput. */
export const jobShards = 8;

export const jobKey = (kind: string, scope: Scope, token: string) => ({
  pk: `JOB#${kind}#${scope.accountId}#${scope.environment}#${token}`,
  sk: 'JOB',
});

const dueSortKey = (dueAt: Date, token: string): string => `${dueAt.toISOString()}#${token}`;

/** Schedules (or reschedules: one job per kind and resource) inside `tx`. */
export const scheduleIn = (tx: Transaction, job: ScheduledJob): Transaction =>
  tx.put(`job:${job.kind}`, { Item: jobItem(job) });

const jobItem = (job: ScheduledJob) => ({
  ...jobKey(job.kind, job.scope, job.token),
  _et: 'job',
  kind: job.kind,
  accountId: job.scope.accountId,
  environment: job.scope.environment,
  token: job.token,
  dueAt: job.dueAt.toISOString(),
  data: job.data ?? {},
  gsi3pk: `DUE#${job.kind}#${shardOfToken(job.token, jobShards)}`,
  gsi3sk: dueSortKey(job.dueAt, job.token),
});

/**
 * Claims a due job inside the transaction doing its work: the transaction fails with JobTaken when
 * another run claimed it first or it was rescheduled in between.
 */
export const claimIn = (tx: Transaction, job: ScheduledJob): Transaction =>
  tx
    .delete('job', {
      Key: jobKey(job.kind, job.scope, job.token),
      ConditionExpression: 'dueAt = :due',
      ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
    })
    .refuse('job', () => new JobTaken(job.kind, job.token));

/**
 * Claims a due job and puts it back due at `next`, in one write (a transaction may touch the job's
 * item once): JobTaken as for claimIn. For recurring work such as the daily deposit.
 */
export const advanceIn = (tx: Transaction, job: ScheduledJob, next: Date): Transaction =>
  tx
    .put('job', {
      Item: jobItem({ ...job, dueAt: next }),
      ConditionExpression: 'dueAt = :due',
      ExpressionAttributeValues: { ':due': job.dueAt.toISOString() },
    })
    .refuse('job', () => new JobTaken(job.kind, job.token));

/** Removes a job that is no longer wanted (the resource changed so the work is moot). */
export const cancelIn = (tx: Transaction, kind: string, scope: Scope, token: string): Transaction =>
  tx.delete(`job:${kind}`, { Key: jobKey(kind, scope, token) });

const toJob = (item: Record<string, unknown>): ScheduledJob => ({
  kind: item.kind as string,
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
  dueAt: new Date(item.dueAt as string),
  data: (item.data as Record<string, unknown>) ?? {},
});

const dueInShard = async (
  doc: DynamoDBDocumentClient,
  tableName: string,
  kind: string,
  shard: number,
  now: Date,
  limit: number,
): Promise<ScheduledJob[]> => {
  const result = await doc.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :upper',
      // '#' follows the time in the sort key and '$' sorts right after it: everything due by now.
      ExpressionAttributeValues: { ':pk': `DUE#${kind}#${shard}`, ':upper': `${now.toISOString()}$` },
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map(toJob);
};

export class ScheduleRepo implements ScheduleStore {
  constructor(private readonly ctx: StoreContext) {}

  /** Claims a job that has nothing left to do (its work was done or made moot elsewhere). */
  async drop(job: ScheduledJob): Promise<void> {
    await claimIn(new Transaction(this.ctx.tableName), job).commit(this.ctx.doc);
  }

  /** Up to `limit` jobs of `kind` per shard due by `now`, earliest first within a shard. */
  async due(kind: string, now: Date, limit = 100): Promise<ScheduledJob[]> {
    const shards = await Promise.all(
      Array.from({ length: jobShards }, (_, shard) =>
        dueInShard(this.ctx.doc, this.ctx.tableName, kind, shard, now, limit),
      ),
    );
    return shards.flat().sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }
}
