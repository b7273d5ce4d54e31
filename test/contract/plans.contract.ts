import { Changed, JobTaken, jobKinds, Missing, NameTaken } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { anEvent, aPlan, at, type Engine, later, newScope, race } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');
const noCounts = { trial: 0, active: 0, cancelling: 0, cancelled: 0, starting: 0 };

/** PlansStore: plans with unique names, their counts, and their two-step deletion. */
export const describePlans = (engine: Engine) => {
  describe('plans', () => {
    it('are made with no subscriptions counted, listed newest first, with their event', async () => {
      const { plans, events } = engine();
      const scope = newScope();
      const first = aPlan(now);
      const second = aPlan(later(now, 1));
      await plans.create(scope, first, anEvent('plan.created', now), now);
      await plans.create(scope, second, anEvent('plan.created', later(now, 1)), later(now, 1));
      expect(await plans.get(scope, first.token)).toEqual({ plan: first, counts: noCounts });
      expect(await plans.list(scope, 1)).toEqual({
        items: [
          { plan: second, counts: noCounts },
          { plan: first, counts: noCounts },
        ],
        total: 2,
      });
      expect((await events.list(scope, 1)).total).toBe(2);
    });

    it('hold each name once: of racing creations with one name, one is made, the other NameTaken', async () => {
      const { plans } = engine();
      const scope = newScope();
      const { won, refusals } = await race(
        plans.create(scope, aPlan(now, 'Gold'), anEvent('plan.created', now), now),
        plans.create(scope, aPlan(now, 'Gold'), anEvent('plan.created', now), now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new NameTaken('plan', 'Gold')]);
      expect((await plans.list(scope, 1)).total).toBe(1);
      await plans.create(newScope(), aPlan(now, 'Gold'), anEvent('plan.created', now), now);
    });

    it('are renamed under the name read: NameTaken for a name held, Changed after another rename', async () => {
      const { plans } = engine();
      const scope = newScope();
      const plan = aPlan(now, 'Silver');
      const other = aPlan(now, 'Bronze');
      await plans.create(scope, plan, anEvent('plan.created', now), now);
      await plans.create(scope, other, anEvent('plan.created', now), now);
      await expect(plans.update(scope, plan, { ...plan, name: 'Bronze' })).rejects.toEqual(
        new NameTaken('plan', 'Bronze'),
      );
      await plans.update(scope, plan, { ...plan, name: 'Platinum', customerPermissions: [] });
      expect((await plans.get(scope, plan.token))?.plan).toEqual({
        ...plan,
        name: 'Platinum',
        customerPermissions: [],
      });
      await expect(plans.update(scope, plan, { ...plan, name: 'Copper' })).rejects.toEqual(
        new Changed('plan', plan.token),
      );
      // The old name is free again.
      await plans.create(scope, aPlan(now, 'Silver'), anEvent('plan.created', now), now);
    });

    it('are deleted in two steps: out of sight and name freed, then purged by their job, once', async () => {
      const { plans, schedule } = engine();
      const scope = newScope();
      const plan = aPlan(now, 'Doomed');
      await plans.create(scope, plan, anEvent('plan.created', now), now);
      const purgeAt = later(now, 60_000);
      const begin = () => plans.beginDelete(scope, plan, anEvent('plan.deleted', now), purgeAt, now);
      const { won, refusals } = await race(begin(), begin());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Missing('plan', plan.token)]);
      expect(await plans.get(scope, plan.token)).toBeNull();
      expect(await plans.list(scope, 1)).toEqual({ items: [], total: 0 });
      await expect(plans.update(scope, plan, { ...plan, name: 'x' })).rejects.toEqual(
        new Missing('plan', plan.token),
      );
      await plans.create(scope, aPlan(now, 'Doomed'), anEvent('plan.created', now), now);
      const job = (await schedule.due(jobKinds.planPurge, purgeAt)).find((j) => j.token === plan.token)!;
      expect(job).toMatchObject({ kind: jobKinds.planPurge, scope, dueAt: purgeAt });
      const purged = await race(plans.purge(scope, plan.token, job), plans.purge(scope, plan.token, job));
      expect(purged.won).toBe(1);
      expect(purged.refusals).toEqual([new JobTaken(jobKinds.planPurge, plan.token)]);
      expect((await schedule.due(jobKinds.planPurge, purgeAt)).some((j) => j.token === plan.token)).toBe(
        false,
      );
    });

    it('finish their own deletion without a job, removing the purge job', async () => {
      const { plans, schedule } = engine();
      const scope = newScope();
      const plan = aPlan(now);
      await plans.create(scope, plan, anEvent('plan.created', now), now);
      await plans.beginDelete(scope, plan, anEvent('plan.deleted', now), later(now, 60_000), now);
      await plans.purge(scope, plan.token);
      expect(
        (await schedule.due(jobKinds.planPurge, later(now, 60_000))).some((j) => j.token === plan.token),
      ).toBe(false);
    });
  });
};
