import type { OverdueFanOutSummary, RunSummary } from '@wattle/flows';
import { loadHandler } from './functions.ts';

/** The scheduler's answer (functions/scheduler): what it ran. */
export type SchedulerSummary = RunSummary & {
  doneByKind: Record<string, number>;
  overdueEvents: OverdueFanOutSummary;
};

/** Called without a Lambda context: locally a run has no deadline (the handler's budget). */
type SchedulerHandler = (event: {
  source: string;
  'detail-type': string;
  time: string;
}) => Promise<SchedulerSummary>;

/**
 * The scheduler function, invoked as EventBridge's schedule would invoke it. The local stack runs
 * it as a job: on every clock advance and every minute, so due work happens by the moved clock.
 */
export const runScheduler = async (now: Date): Promise<SchedulerSummary> => {
  const handler = (await loadHandler('scheduler')) as unknown as SchedulerHandler;
  return handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: now.toISOString() });
};

/** One line for the console: `ran 3 jobs (payment-recovery 2, webhook-retry 1), 0 failed, …`. */
export const describeSchedulerRun = (summary: SchedulerSummary): string => {
  const kinds = Object.entries(summary.doneByKind).map(([kind, count]) => `${kind} ${count}`);
  return [
    `ran ${summary.done} job${summary.done === 1 ? '' : 's'}${kinds.length ? ` (${kinds.join(', ')})` : ''}`,
    `${summary.failed} failed`,
    `${summary.claimedElsewhere} claimed by another run`,
    `${summary.overdueEvents.fannedOut} overdue event(s) fanned out`,
  ].join(', ');
};
