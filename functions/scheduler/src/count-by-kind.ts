import type { JobHandler } from '@wattle/flows';

/**
 * The handlers, each counting the jobs it does into `doneByKind` (what the local clock advance
 * prints). Counted here, around the flow, so the flow's own summary stays as it is.
 */
export const countingByKind = <D>(
  handlers: Record<string, JobHandler<D>>,
  doneByKind: Record<string, number>,
): Record<string, JobHandler<D>> =>
  Object.fromEntries(
    Object.entries(handlers).map(([kind, handle]): [string, JobHandler<D>] => [
      kind,
      async (job, deps, now) => {
        await handle(job, deps, now);
        doneByKind[kind] = (doneByKind[kind] ?? 0) + 1;
      },
    ]),
  );

/**
 * The handlers, each noting the earliest due time of the jobs it is given into `lag` (the run's
 * SchedulerLag: how late the run found its most overdue job).
 */
export const noticingDue = <D>(
  handlers: Record<string, JobHandler<D>>,
  lag: { earliestDue: Date },
): Record<string, JobHandler<D>> =>
  Object.fromEntries(
    Object.entries(handlers).map(([kind, handle]): [string, JobHandler<D>] => [
      kind,
      (job, deps, now) => {
        if (job.dueAt < lag.earliestDue) lag.earliestDue = job.dueAt;
        return handle(job, deps, now);
      },
    ]),
  );
