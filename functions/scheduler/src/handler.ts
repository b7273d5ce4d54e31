import { eventHandler } from '@wattle/http';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { countingByKind, noticingDue } from './count-by-kind.ts';
import { type SchedulerDeps, schedulerDeps } from './deps.ts';
import { fanOutOverdueEvents, type OverdueFanOutSummary } from './fan-out-overdue-events.ts';
import { jobHandlers } from './jobs.ts';
import { type RunSummary, runDueJobs } from './run-due-jobs.ts';

/**
 * The scheduler: EventBridge runs it every minute in AWS; the local stack runs it on every clock
 * advance. It fans out the events the table stream left behind and, beside that, does every job
 * that became due by the (runtime) clock's now.
 */
/** Time kept back from the Lambda's deadline for the batch in flight to finish and the summary. */
export const deadlineMarginMs = 5_000;

const runScheduler = async (
  deps: SchedulerDeps,
  context: Pick<Context, 'getRemainingTimeInMillis'> | undefined,
): Promise<RunSummary & { doneByKind: Record<string, number>; overdueEvents: OverdueFanOutSummary }> => {
  const now = deps.clock.now();
  // In AWS the run stops taking batches well before the function's timeout (29 s), so a backlog is
  // left due for the next minute's run instead of being cut off mid-batch; locally there is no deadline.
  const budgetMs = context ? Math.max(0, context.getRemainingTimeInMillis() - deadlineMarginMs) : undefined;
  const doneByKind: Record<string, number> = {};
  const lag = { earliestDue: now };
  // Side by side: a run with nothing due is one round of reads (the 8 due partitions and the 8
  // marker partitions at once), and a backlog of jobs cannot starve the fan-out, nor it them.
  const [overdueEvents, summary] = await Promise.all([
    fanOutOverdueEvents(deps, now),
    runDueJobs(deps, now, countingByKind(noticingDue(jobHandlers, lag), doneByKind), { budgetMs }),
  ]);
  // Info, not a warning: locally a clock advance makes fresh events overdue while the pipe has them.
  if (overdueEvents.fannedOut + overdueEvents.failed > 0)
    deps.logger.info('Overdue events were fanned out', { ...overdueEvents });
  if (summary.done + summary.failed > 0) deps.logger.info('Scheduled jobs ran', { ...summary, doneByKind });
  deps.metrics.record('SchedulerDueItems', summary.done + summary.failed + summary.claimedElsewhere, {});
  deps.metrics.record('SchedulerJobsFailed', summary.failed, {});
  deps.metrics.record('SchedulerLag', Math.round((now.getTime() - lag.earliestDue.getTime()) / 1000), {});
  return { ...summary, doneByKind, overdueEvents };
};

export const handler = eventHandler<
  Partial<ScheduledEvent> | undefined,
  Awaited<ReturnType<typeof runScheduler>>,
  SchedulerDeps
>(schedulerDeps, (_event, deps, context) => runScheduler(deps, context));
