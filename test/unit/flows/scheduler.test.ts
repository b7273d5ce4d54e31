import type { Scope } from '@wattle/domain';
import { type JobHandler, runDueJobs } from '@wattle/flows';
import type { ScheduledJob } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const now = new Date('2026-11-24T10:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

const setUp = (...jobs: [kind: string, token: string, dueInSeconds: number][]) => {
  const { schedule, world } = memoryStore();
  for (const [kind, token, dueIn] of jobs) world.scheduleJob({ kind, scope, token, dueAt: at(dueIn) });
  return { schedule };
};
type Deps = ReturnType<typeof setUp>;

/** Does the work (records it) and claims the job, as every job's flow does. */
const claiming =
  (done: string[]): JobHandler<Deps> =>
  async (job, deps) => {
    done.push(job.token);
    await deps.schedule.drop(job);
  };

describe('running the due jobs', () => {
  it('does every job due by now, of every kind, and leaves the ones not yet due', async () => {
    const deps = setUp(['a', 'a1', -60], ['a', 'a2', 0], ['b', 'b1', -1], ['a', 'later', 60]);
    const done: string[] = [];
    const summary = await runDueJobs(deps, now, { a: claiming(done), b: claiming(done) });
    expect(summary).toEqual({ done: 3, claimedElsewhere: 0, failed: 0 });
    expect(done).toEqual(['a1', 'a2', 'b1']);
    const left = await Promise.all(['a', 'b'].map((kind) => deps.schedule.due(kind, at(3600))));
    expect(left.flat().map((job) => job.token)).toEqual(['later']);
  });

  it('counts a job another run claimed first (JobTaken) as claimed elsewhere, not as failed', async () => {
    const deps = setUp(['a', 'a1', 0], ['a', 'a2', 0]);
    const handler: JobHandler<Deps> = async (job, { schedule }) => {
      // An overlapping run claims a1 while this one works on it.
      if (job.token === 'a1') await schedule.drop(job);
      await schedule.drop(job);
    };
    const failures: ScheduledJob[] = [];
    const summary = await runDueJobs(deps, now, { a: handler }, { onFailure: (job) => failures.push(job) });
    expect(summary).toEqual({ done: 1, claimedElsewhere: 1, failed: 0 });
    expect(failures).toEqual([]);
  });

  it('counts a failing job as failed, reports it, leaves it due, and goes on with the others', async () => {
    const deps = setUp(['a', 'fails', -2], ['a', 'works', -1], ['b', 'b1', 0]);
    const done: string[] = [];
    const failures: [string, unknown][] = [];
    const boom = new Error('boom');
    const summary = await runDueJobs(
      deps,
      now,
      {
        a: async (job, d) => {
          if (job.token === 'fails') throw boom;
          await claiming(done)(job, d, now);
        },
        b: claiming(done),
      },
      { onFailure: (job, error) => failures.push([job.token, error]) },
    );
    expect(summary).toEqual({ done: 2, claimedElsewhere: 0, failed: 1 });
    expect(done).toEqual(['works', 'b1']);
    expect(failures).toEqual([['fails', boom]]);
    // Tried once in this run, left due for the next.
    expect((await deps.schedule.due('a', now)).map((job) => job.token)).toEqual(['fails']);
  });

  it('gives each handler the run time and its deps', async () => {
    const deps = setUp(['a', 'a1', 0]);
    const seen: [Date, Deps][] = [];
    await runDueJobs(deps, now, {
      a: async (job, d, runAt) => {
        seen.push([runAt, d]);
        await d.schedule.drop(job);
      },
    });
    expect(seen).toEqual([[now, deps]]);
  });
});
