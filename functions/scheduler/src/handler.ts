import { runtimeDeps } from '@wattle/runtime';
import type { ScheduledEvent } from 'aws-lambda';
import { fanOutOverdueEvents, type OverdueFanOutSummary } from './fan-out-overdue-events.ts';
import { jobHandlers } from './jobs.ts';
import { type RunSummary, runDueJobs } from './run-due-jobs.ts';

/**
 * The scheduler: EventBridge runs it every minute in AWS; the local stack runs it on every clock
 * advance. It fans out the events the table stream left behind, first (so a backlog of jobs
 * cannot starve the safety net), then does every job that became due by the (runtime) clock's now.
 */
export const handler = async (
  _event?: Partial<ScheduledEvent>,
): Promise<RunSummary & { overdueEvents: OverdueFanOutSummary }> => {
  const deps = runtimeDeps();
  const now = deps.clock.now();
  const overdueEvents = await fanOutOverdueEvents(deps, now);
  // Info, not a warning: locally a clock advance makes fresh events overdue while the pipe has them.
  if (overdueEvents.fannedOut + overdueEvents.failed > 0)
    deps.logger.info('Overdue events were fanned out', { ...overdueEvents });
  const summary = await runDueJobs(deps, now, jobHandlers);
  if (summary.done + summary.failed > 0) deps.logger.info('Scheduled jobs ran', { ...summary });
  return { ...summary, overdueEvents };
};
