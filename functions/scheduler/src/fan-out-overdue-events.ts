import { fanOutOverdueEvents as fanOut, type OverdueFanOutSummary } from '@wattle/flows';
import type { SchedulerDeps } from './deps.ts';

export type { OverdueFanOutSummary };

/**
 * The events the table stream did not bring to the fan-out within the grace period, fanned out
 * (the flow), each failure logged. Its budget is short: a run normally finds none (one query per
 * marker partition), and the jobs beside it need the rest of the run.
 */
export const fanOutOverdueEvents = (deps: SchedulerDeps, now: Date): Promise<OverdueFanOutSummary> =>
  fanOut(deps, now, {
    graceMs: deps.config.fanOutGraceSeconds * 1000,
    budgetMs: 8_000,
    onFailure: ({ event }, error) =>
      deps.logger.error('The fan-out of an overdue event failed', {
        event: event.token,
        error: error as Error,
      }),
  });
