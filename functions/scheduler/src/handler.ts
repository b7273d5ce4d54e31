import { runtimeDeps } from '@wattle/runtime';
import type { ScheduledEvent } from 'aws-lambda';
import { jobHandlers } from './jobs.ts';
import { type RunSummary, runDueJobs } from './run-due-jobs.ts';

/**
 * The scheduler: EventBridge runs it every minute in AWS; the local stack runs it on every clock
 * advance. It does every job that became due by the (runtime) clock's now.
 */
export const handler = async (_event?: Partial<ScheduledEvent>): Promise<RunSummary> => {
  const deps = runtimeDeps();
  const summary = await runDueJobs(deps, deps.clock.now(), jobHandlers);
  if (summary.done + summary.failed > 0) deps.logger.info('Scheduled jobs ran', { ...summary });
  return summary;
};
