import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentClient } from './client.ts';
import type { StoreContext } from './context.ts';

/** One page of a due partition, oldest first (a fan-out marker sorts before every due time). */
export interface DuePage {
  items: Record<string, unknown>[];
  lastKey: Record<string, unknown> | undefined;
}

interface Batch {
  upper: string;
  limit: number;
  page: Promise<DuePage>;
}

/** The reads of each due partition waiting for this tick to end, per client and table. */
const waiting = new WeakMap<DocumentClient, Map<string, Map<number, Batch>>>();

const batchesOf = (ctx: StoreContext): Map<number, Batch> => {
  const byTable = waiting.get(ctx.doc) ?? new Map<string, Map<number, Batch>>();
  waiting.set(ctx.doc, byTable);
  const batches = byTable.get(ctx.tableName) ?? new Map<number, Batch>();
  byTable.set(ctx.tableName, batches);
  return batches;
};

/**
 * The first page of due partition `pk` below `upper` (up to `limit` items): reads of the same
 * partition asked for in the same tick share one Query, to the greater bound and limit, as a
 * DataLoader batches (decision 212). The scheduler's two readers (the due jobs and the fan-out's
 * markers, which sort first) start together, so a run with nothing due is one Query per partition.
 * Each reader keeps only what is below its own bound, and goes on from `lastKey` with its own.
 */
export const firstDuePage = (ctx: StoreContext, shard: number, pk: string, upper: string, limit: number) => {
  const batches = batchesOf(ctx);
  const joined = batches.get(shard);
  if (joined) {
    if (upper > joined.upper) joined.upper = upper;
    joined.limit = Math.max(joined.limit, limit);
    return joined.page;
  }
  const batch = { upper, limit } as Batch;
  batch.page = new Promise<void>((resolve) => queueMicrotask(resolve)).then(async () => {
    batches.delete(shard);
    return duePage(ctx, pk, batch.upper, batch.limit, undefined);
  });
  batches.set(shard, batch);
  return batch.page;
};

/** The lowest sort key of a due item named by its time; the fan-out markers sort before it. */
export const firstDueKey = '0';

/**
 * The sort key of every payment's recovery due item begins so: after the fan-out markers
 * (`!FANOUT#`), before every due time (decision 212).
 */
export const recoveryDuePrefix = '!RECOVERY#';

/**
 * A page of due partition `pk` below `upper`, from `start`, or from `from` on (a reader past the
 * markers skips them). With `dueBy`, only the items due by then come back (`dueAt <= dueBy`: the
 * payments' recovery due items, named by their payment, are in no order of time; `limit` counts
 * the items read, returned or not).
 */
export const duePage = async (
  ctx: StoreContext,
  pk: string,
  upper: string,
  limit: number,
  start: Record<string, unknown> | undefined,
  from?: string,
  dueBy?: string,
): Promise<DuePage> => {
  const page = await ctx.doc.send(
    new QueryCommand({
      TableName: ctx.tableName,
      KeyConditionExpression:
        from === undefined ? 'pk = :pk AND sk < :upper' : 'pk = :pk AND sk BETWEEN :from AND :upper',
      ...(dueBy === undefined ? {} : { FilterExpression: 'dueAt <= :dueBy' }),
      ExpressionAttributeValues: {
        ':pk': pk,
        ':upper': upper,
        ...(from === undefined ? {} : { ':from': from }),
        ...(dueBy === undefined ? {} : { ':dueBy': dueBy }),
      },
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  return { items: page.Items ?? [], lastKey: page.LastEvaluatedKey };
};
