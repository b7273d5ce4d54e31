import { eventHandler } from '@wattle/http';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { countingByKind, noticingDue } from './count-by-kind.ts';
import { type SchedulerDeps, schedulerDeps } from './deps.ts';
import { fanOutOverdueEvents, type OverdueFanOutSummary } from './fan-out-overdue-events.ts';
import { jobHandlers } from './jobs.ts';
import { type RunSummary, runDueJobs } from './run-due-jobs.ts';

/**
 * The scheduler: EventBridge runs it every minute in AWS; the local stack runs it on every clock
 * advance. It fans out the events the table stream left behind, first (so a backlog of jobs
 * cannot starve the safety net), then does every job that became due by the (runtime) clock's now.
 */
/** Time kept back from the Lambda's deadline for the batch in flight to finish and the summary. */
export const deadlineMarginMs = 5_000;

const runScheduler = async (
  deps: SchedulerDeps,
  context: Pick<Context, 'getRemainingTimeInMillis'> | undefined,
): Promise<RunSummary & { doneByKind: Record<string, number>; overdueEvents: OverdueFanOutSummary }> => {
  const now = deps.clock.now();
  const overdueEvents = await fanOutOverdueEvents(deps, now);
  // Info, not a warning: locally a clock advance makes fresh events overdue while the pipe has them.
  if (overdueEvents.fannedOut + overdueEvents.failed > 0)
    deps.logger.info('Overdue events were fanned out', { ...overdueEvents });
  // In AWS the run stops taking batches well before the function's timeout (29 s), so a backlog is
  // left due for the next minute's run instead of being cut off mid-batch; locally there is no deadline.
  const budgetMs = context ? Math.max(0, context.getRemainingTimeInMillis() - deadlineMarginMs) : undefined;
  const doneByKind: Record<string, number> = {};
  const lag = { earliestDue: now };
  const summary = await runDueJobs(deps, now, countingByKind(noticingDue(jobHandlers, lag), doneByKind), {
    budgetMs,
  });
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
