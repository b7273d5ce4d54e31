import type { Scope } from '@wattle/domain';
import { JobTaken, type ScheduledJob, type ScheduleStore } from '@wattle/ports';

const keyOf = (kind: string, scope: Scope, token: string) =>
  `${kind}#${scope.accountId}#${scope.environment}#${token}`;

/**
 * The schedule in memory: one job per kind and resource, as the store keeps them. `put` and
 * `cancel` are what the other fakes' writes do to it; a claim of a job that is gone or was
 * rescheduled throws JobTaken, as the store's does.
 */
export const fakeSchedule = (): ScheduleStore & {
  jobs: Map<string, ScheduledJob>;
  put(job: ScheduledJob): void;
  cancel(kind: string, scope: Scope, token: string): void;
  find(kind: string, scope: Scope, token: string): ScheduledJob | undefined;
} => {
  const jobs = new Map<string, ScheduledJob>();
  return {
    jobs,
    put: (job) => {
      jobs.set(keyOf(job.kind, job.scope, job.token), job);
    },
    cancel: (kind, scope, token) => {
      jobs.delete(keyOf(kind, scope, token));
    },
    find: (kind, scope, token) => jobs.get(keyOf(kind, scope, token)),
    drop: async (job) => {
      const key = keyOf(job.kind, job.scope, job.token);
      const found = jobs.get(key);
      if (!found || found.dueAt.getTime() !== job.dueAt.getTime()) throw new JobTaken(job.kind, job.token);
      jobs.delete(key);
    },
    due: async (kind, now, limit = 100) =>
      [...jobs.values()]
        .filter((job) => job.kind === kind && job.dueAt.getTime() <= now.getTime())
        .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())
        .slice(0, limit),
  };
};
