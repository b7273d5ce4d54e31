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
