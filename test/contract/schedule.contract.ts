import { JobTaken, jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { anAccount, anEvent, aPlan, at, type Engine, later, newScope, race } from './subject.ts';

/** ScheduleStore: due jobs found earliest first, claimed once, a moved job not claimable where it was. */
export const describeSchedule = (engine: Engine) => {
  describe('scheduled jobs', () => {
    it('are due from their time on, earliest first', async () => {
      const { plans, schedule } = engine();
      const scope = newScope();
      const base = at('2001-02-01T00:00:00Z');
      const tokens: string[] = [];
      for (const minutes of [3, 1, 2]) {
        const plan = aPlan(base);
        tokens.push(plan.token);
        await plans.create(scope, plan, anEvent('plan.created', base), base);
        await plans.beginDelete(
          scope,
          plan,
          anEvent('plan.deleted', base),
          later(base, minutes * 60_000),
          base,
        );
      }
      const mine = async (by: Date) =>
        (await schedule.due(jobKinds.planPurge, by)).filter((job) => job.scope.accountId === scope.accountId);
      expect(await mine(later(base, 59_999))).toEqual([]);
      expect((await mine(later(base, 60_000))).map((job) => job.token)).toEqual([tokens[1]]);
      const all = await mine(later(base, 180_000));
      expect(all.map((job) => job.token)).toEqual([tokens[1], tokens[2], tokens[0]]);
      expect(all[0]).toEqual({
        kind: jobKinds.planPurge,
        scope,
        token: tokens[1],
        dueAt: later(base, 60_000),
        data: {},
      });
    });

    it('are claimed by one of racing runs; the other is JobTaken, and the job is due no more', async () => {
      const { accounts, schedule } = engine();
      const account = anAccount(at('2001-03-01T00:00:00Z'), { transfersEnabled: false });
      await accounts.create(account, []);
      const [job] = (await schedule.due(jobKinds.dailyDeposit, at('2001-03-05T00:00:00Z'))).filter(
        (j) => j.token === account.id && j.scope.environment === 'test',
      );
      const { won, refusals } = await race(schedule.drop(job!), schedule.drop(job!));
      expect(won).toBe(1);
      expect(refusals).toEqual([new JobTaken(jobKinds.dailyDeposit, account.id)]);
      const left = (await schedule.due(jobKinds.dailyDeposit, at('2001-03-05T00:00:00Z'))).filter(
        (j) => j.token === account.id,
      );
      expect(left.map((j) => j.scope.environment)).toEqual(['live']);
    });

    it('are not claimed where they were once moved (JobTaken), and are claimed where they are', async () => {
      const { accounts, schedule } = engine();
      const account = anAccount(at('2001-04-01T00:00:00Z'), { transfersEnabled: false });
      await accounts.create(account, []);
      const [job] = (await schedule.due(jobKinds.dailyDeposit, at('2001-04-05T00:00:00Z'))).filter(
        (j) => j.token === account.id && j.scope.environment === 'live',
      );
      const moved = { ...job!, dueAt: later(job!.dueAt, 1) };
      await expect(schedule.drop(moved)).rejects.toEqual(new JobTaken(jobKinds.dailyDeposit, account.id));
      await schedule.drop(job!);
    });

    it('of every kind are found by one ask for them all, earliest first; a moved one where it moved to', async () => {
      const { accounts, deposits, plans, schedule } = engine();
      const scope = newScope();
      const base = at('2001-05-01T00:00:00Z');
      const plan = aPlan(base);
      await plans.create(scope, plan, anEvent('plan.created', base), base);
      await plans.beginDelete(scope, plan, anEvent('plan.deleted', base), later(base, 120_000), base);
      const account = anAccount(base, { transfersEnabled: false });
      await accounts.create(account, []);
      const mine = async (kinds: string[], by: Date) =>
        (await schedule.due(kinds, by)).filter(
          (job) => job.scope.accountId === scope.accountId || job.token === account.id,
        );
      const both = [jobKinds.planPurge, jobKinds.dailyDeposit];
      const all = await mine(both, later(base, 10 * 86_400_000));
      expect(all.map((job) => job.kind)).toEqual([
        jobKinds.planPurge,
        jobKinds.dailyDeposit,
        jobKinds.dailyDeposit,
      ]);
      expect(all[0]).toMatchObject({ token: plan.token, dueAt: later(base, 120_000) });
      expect(await mine([jobKinds.dailyDeposit], later(base, 120_000))).toEqual([]);
      // The test deposit job moved a day on: due there only, claimable there only.
      const deposit = all.find(
        (job) => job.scope.environment === 'test' && job.kind === jobKinds.dailyDeposit,
      )!;
      const next = later(deposit.dueAt, 86_400_000);
      await deposits.skip(deposit, next);
      const deposits_ = async (by: Date) =>
        (await mine([jobKinds.dailyDeposit], by)).map((job) => [job.scope.environment, job.dueAt]);
      expect(await deposits_(later(next, -1))).toEqual([['live', deposit.dueAt]]);
      expect(await deposits_(next)).toEqual([
        ['live', deposit.dueAt],
        ['test', next],
      ]);
      await expect(schedule.drop(deposit)).rejects.toEqual(new JobTaken(jobKinds.dailyDeposit, account.id));
      await schedule.drop({ ...deposit, dueAt: next });
      expect(await deposits_(next)).toEqual([['live', deposit.dueAt]]);
    });
  });
};
