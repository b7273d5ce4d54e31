import { type JobHandler, type RunOptions, type RunSummary, runDueJobs as runJobs } from '@wattle/flows';
import type { SchedulerDeps } from './deps.ts';

export type { RunSummary };

/**
 * The scheduler's run of the due jobs (the flow), with each failing job logged. Over any deps
 * with the schedule and a logger: the scheduler's own, or a test's with every part.
 */
export const runDueJobs = <D extends Pick<SchedulerDeps, 'schedule' | 'logger'>>(
  deps: D,
  now: Date,
  handlers: Record<string, JobHandler<D>>,
  options: RunOptions = {},
): Promise<RunSummary> =>
  runJobs(deps, now, handlers, {
    ...options,
    onFailure: (job, error) =>
      deps.logger.error('A scheduled job failed', {
        kind: job.kind,
        token: job.token,
        error: error as Error,
      }),
  });
