import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Environment } from '@wattle/domain';
import { JobTaken, jobKindsNamedByDueTime, jobTaken, type ScheduledJob } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import {
  dueItemKeyBefore,
  type JobLabel,
  jobKey,
  jobShards,
  newMark,
  timeOrderedDueItem,
} from '../kernel/schedule.ts';
import { shardOfToken } from '../kernel/shards.ts';
import { itemsOfType, type Migration } from './runner.ts';

/** A due item as the code before kept a timed kind's: `DUE#<kind>#<shard>`. */
const dueItemBefore = /^DUE#.+#\d+$/;

const jobOf = (item: Record<string, unknown>): ScheduledJob => ({
  kind: item.kind as string,
  scope: { accountId: item.accountId as string, environment: item.environment as Environment },
  token: item.token as string,
  dueAt: new Date(item.dueAt as string),
  ...(item.data && Object.keys(item.data).length > 0 ? { data: item.data as Record<string, unknown> } : {}),
});

/** `moved` when the transaction landed, `gone` when the item changed first (claimed, moved, cancelled). */
const moved = async (commit: () => Promise<void>): Promise<string> => {
  try {
    await commit();
    return 'moved';
  } catch (error) {
    if (error instanceof JobTaken) return 'gone';
    throw error;
  }
};

/**
 * Version 1: every scheduled job into its shard's one due partition (`DUE#<shard>`, kernel/schedule.ts),
 * named by its due time as that release wrote it (a payment's recovery then moves on in migration 5).
 * It visits the job items (`JOB#…` on gsi3 `DUE#<kind>#<shard>`) and the timed kinds' due items
 * (`DUE#<kind>#<shard>`) the code before wrote:
 * - a guarded kind's job item becomes its guard (its gsi3 keys removed, a mark set) beside a new
 *   due item, under `dueAt = :due AND attribute_exists(gsi3pk)`: a job claimed, moved or
 *   cancelled since the Scan read it is left as it is now;
 * - a timed kind's due item (or job item from before due items) is deleted under its condition and
 *   put in its due partition, in one transaction.
 * Everything else (guards, due items already there) is `current`. While it runs, new code cancels
 * a job in either layout (cancelIn), and a job not yet moved waits for it to be run: the scheduler
 * reads the due partitions only.
 */
export const duePartitions: Migration = {
  version: 1,
  id: 'due-partitions',
  summary: 'every scheduled job into its shard’s one due partition (DUE#<shard>), read once a run',
  filter: itemsOfType('job'),
  visit: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    const pk = item.pk as string;
    const job = jobOf(item);
    const taken = jobTaken(job);
    if (pk.startsWith('JOB#') && item.gsi3pk !== undefined) {
      if (jobKindsNamedByDueTime.has(job.kind))
        return moved(() =>
          newTransaction<JobLabel>(ctx)
            .delete('job', {
              Key: jobKey(job.kind, job.scope, job.token),
              ConditionExpression: 'dueAt = :due',
              ExpressionAttributeValues: { ':due': item.dueAt },
            })
            .put('due', { Item: timeOrderedDueItem(job) })
            .commit(ctx.doc, { job: taken }),
        );
      const v = newMark();
      return moved(() =>
        newTransaction<JobLabel>(ctx)
          .update('job', {
            Key: jobKey(job.kind, job.scope, job.token),
            UpdateExpression: 'SET v = :v REMOVE gsi3pk, gsi3sk, #data',
            ConditionExpression: 'dueAt = :due AND attribute_exists(gsi3pk)',
            ExpressionAttributeNames: { '#data': 'data' },
            ExpressionAttributeValues: { ':due': item.dueAt, ':v': v },
          })
          .put('due', { Item: timeOrderedDueItem(job, v) })
          .commit(ctx.doc, { job: taken }),
      );
    }
    if (dueItemBefore.test(pk))
      return moved(() =>
        newTransaction<JobLabel>(ctx)
          .delete('job', { Key: { pk, sk: item.sk }, ConditionExpression: 'attribute_exists(pk)' })
          .put('due', { Item: timeOrderedDueItem(job) })
          .commit(ctx.doc, { job: taken }),
      );
    return 'current';
  },
  /**
   * Back into the form before, for a rollback to the release before (run once it is deployed): a
   * timed kind's due item into `DUE#<kind>#<shard>`; a guarded kind's live due item back onto its
   * guard as the job item (its data, gsi3 keys; the mark removed) under `v = :v`, and a stale one
   * deleted. Each in one transaction under what it read, so a job claimed or moved meanwhile is
   * left as it is.
   */
  revert: async (ctx: StoreContext, item: Record<string, unknown>): Promise<string> => {
    const pk = item.pk as string;
    if (!dueItemNow.test(pk)) return 'current';
    const job = jobOf(item);
    const taken = jobTaken(job);
    const key = { pk, sk: item.sk };
    if (jobKindsNamedByDueTime.has(job.kind))
      return movedBack(() =>
        newTransaction<JobLabel>(ctx)
          .delete('job', { Key: key, ConditionExpression: 'attribute_exists(pk)' })
          .put('due', {
            Item: {
              ...dueItemKeyBefore(job.kind, job.scope, job.token, job.dueAt),
              ...withoutKey(item),
            },
          })
          .commit(ctx.doc, { job: taken }),
      );
    const moved = await movedBack(() =>
      newTransaction<JobLabel>(ctx)
        .update('job', {
          Key: jobKey(job.kind, job.scope, job.token),
          UpdateExpression: 'SET gsi3pk = :gpk, gsi3sk = :gsk, #data = :data REMOVE v',
          ConditionExpression: 'v = :v',
          ExpressionAttributeNames: { '#data': 'data' },
          ExpressionAttributeValues: {
            ':v': item.v,
            ':gpk': `DUE#${job.kind}#${shardOfToken(job.token, jobShards)}`,
            ':gsk': `${item.dueAt}#${job.token}`,
            ':data': item.data ?? {},
          },
        })
        .delete('due', {
          Key: key,
          ConditionExpression: 'v = :v',
          ExpressionAttributeValues: { ':v': item.v },
        })
        .commit(ctx.doc, { job: taken, due: taken }),
    );
    if (moved === 'moved back') return moved;
    // Its guard moved on or went: the due item is stale (unless written again since: a new mark).
    try {
      await ctx.doc.send(
        new DeleteCommand({
          TableName: ctx.tableName,
          Key: key,
          ConditionExpression: 'v = :v',
          ExpressionAttributeValues: { ':v': item.v },
        }),
      );
      return 'stale';
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      return 'gone';
    }
  },
};

/** A due item of migration 1's form: `DUE#<shard>`. */
const dueItemNow = /^DUE#\d+$/;

/** An item's attributes but its key. */
const withoutKey = ({ pk: _pk, sk: _sk, ...rest }: Record<string, unknown>) => rest;

/** `moved back` when the transaction landed, `gone` when the item changed first. */
const movedBack = async (commit: () => Promise<void>): Promise<string> =>
  (await moved(commit)) === 'moved' ? 'moved back' : 'gone';
