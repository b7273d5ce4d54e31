import { type JobHandler, type RunOptions, type RunSummary, runDueJobs as runJobs } from '@wattle/flows';
import type { RuntimeDeps } from '@wattle/runtime';

export type { RunSummary };

/** The scheduler's run of the due jobs (the flow), with each failing job logged. */
export const runDueJobs = (
  deps: RuntimeDeps,
  now: Date,
  handlers: Record<string, JobHandler<RuntimeDeps>>,
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
