import { JobTaken, type ScheduledJob, type ScheduleStore } from '@wattle/ports';
import type { JobHandler } from './job-handler.ts';

export interface RunSummary {
  done: number;
  /** Claimed by an overlapping run first: nothing to do. */
  claimedElsewhere: number;
  failed: number;
}

export interface RunOptions {
  /** Stop taking new batches after this long (a Lambda run has a deadline). */
  budgetMs?: number;
  /** Jobs worked on at once. */
  concurrency?: number;
  /** Told of each job that failed (the scheduler logs it); the job stays due for the next run. */
  onFailure?: (job: ScheduledJob, error: unknown) => void;
}

const idOf = (job: ScheduledJob): string => `${job.kind}#${job.token}#${job.dueAt.toISOString()}`;

/**
 * Runs every job due by `now`, batch after batch until none is left or the budget is spent: each
 * batch is every handled kind's due jobs at once (one read of each due shard), done kind by kind
 * in the order of `handlers`. A failing job is reported and left due, for the next run; each job
 * is tried once a run.
 */
export const runDueJobs = async <D extends { schedule: ScheduleStore }>(
  deps: D,
  now: Date,
  handlers: Record<string, JobHandler<D>>,
  options: RunOptions = {},
): Promise<RunSummary> => {
  const summary: RunSummary = { done: 0, claimedElsewhere: 0, failed: 0 };
  // The budget is the run's own (wall-clock) time, not the service clock's, which tests move.
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  const concurrency = options.concurrency ?? 8;
  const kinds = Object.keys(handlers);
  const tried = new Set<string>();
  while (Date.now() < deadline) {
    const batch = (await deps.schedule.due(kinds, now)).filter((job) => !tried.has(idOf(job)));
    if (batch.length === 0) break;
    for (const job of batch) tried.add(idOf(job));
    for (const kind of kinds) {
      const queue = batch.filter((job) => job.kind === kind);
      const handle = handlers[kind]!;
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let job = queue.shift(); job; job = queue.shift()) {
            try {
              await handle(job, deps, now);
              summary.done++;
            } catch (error) {
              if (error instanceof JobTaken) {
                summary.claimedElsewhere++;
              } else {
                summary.failed++;
                options.onFailure?.(job, error);
              }
            }
          }
        }),
      );
    }
  }
  return summary;
};
