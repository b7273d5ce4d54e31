import type { Scope } from '@wattle/domain';
import { createPlan, deletePlan, getPlan, type PlanInput, purgePlan, updatePlan } from '@wattle/flows';
import { JobTaken, jobKinds } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakePlans } from '../../fakes/plans.ts';
import { fakeSchedule } from '../../fakes/subscriptions.ts';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { monthlyPlan } from '../../helpers/billing.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

const setUp = () => {
  const schedule = fakeSchedule();
  return {
    plans: fakePlans(schedule),
    schedule,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};

const monthly = (name: string): PlanInput => monthlyPlan({ name });

const nameTaken = {
  code: 'unprocessable_entity',
  status: 422,
  messages: [{ param: 'name', code: 'name_invalid', message: 'Name has already been taken' }],
};

describe('plan flows', () => {
  it('creates a plan with no subscriptions and its plan.created event', async () => {
    const deps = setUp();
    const { plan, counts } = await createPlan(deps, scope, monthly('Gold'));
    expect(plan).toMatchObject({ name: 'Gold', amount: 1000, createdAt: '2026-11-24T10:00:00Z' });
    expect(plan.token).toMatch(/^plan_/);
    expect(counts).toEqual({ trial: 0, active: 0, cancelling: 0, cancelled: 0, starting: 0 });
    expect(deps.plans.events.map((e) => [e.type, e.data.token])).toEqual([['plan.created', plan.token]]);
  });

  it("answers a taken name with the plan's 422, and creates nothing", async () => {
    const deps = setUp();
    await createPlan(deps, scope, monthly('Gold'));
    await expect(createPlan(deps, scope, monthly('Gold'))).rejects.toMatchObject(nameTaken);
    expect(deps.plans.all.size).toBe(1);
    expect(deps.plans.events).toHaveLength(1);
    // Another merchant has names of its own.
    await createPlan(deps, { ...scope, accountId: 'acct_2' }, monthly('Gold'));
  });

  it('renames a plan, frees its old name, and refuses a name another plan has', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    await createPlan(deps, scope, monthly('Silver'));
    const renamed = await updatePlan(deps, scope, gold.token, { name: 'Platinum', customerPermissions: [] });
    expect(renamed.plan).toMatchObject({ name: 'Platinum', customerPermissions: [], amount: 1000 });
    await createPlan(deps, scope, monthly('Gold'));
    await expect(updatePlan(deps, scope, gold.token, { name: 'Silver' })).rejects.toMatchObject(nameTaken);
    expect((await getPlan(deps, scope, gold.token)).plan.name).toBe('Platinum');
  });

  it('applies a change again to a plan renamed between its read and its write', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    deps.plans.beforeNextWrite = () => {
      deps.plans.all.get(`acct_1#test#${gold.token}`)!.plan.name = 'Renamed';
    };
    const updated = await updatePlan(deps, scope, gold.token, { customerPermissions: [] });
    expect(updated.plan).toMatchObject({ name: 'Renamed', customerPermissions: [] });
  });

  it('answers not_found for updating a plan that is gone, or went between the read and the write', async () => {
    const deps = setUp();
    await expect(updatePlan(deps, scope, 'plan_missing', { name: 'X' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    deps.plans.beforeNextWrite = () => {
      deps.plans.all.get(`acct_1#test#${gold.token}`)!.deleting = true;
    };
    await expect(updatePlan(deps, scope, gold.token, { name: 'X' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('deletes a plan: out of sight at once with plan.deleted, its name free, its purge job done', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    await deletePlan(deps, scope, gold.token);
    await expect(getPlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(deps.plans.events.map((e) => e.type)).toEqual(['plan.created', 'plan.deleted']);
    expect(deps.plans.all.size).toBe(0);
    expect(deps.schedule.jobs.size).toBe(0);
    await createPlan(deps, scope, monthly('Gold'));
  });

  it('answers not_found for deleting a plan that is gone, or whose deletion another request began', async () => {
    const deps = setUp();
    await expect(deletePlan(deps, scope, 'plan_missing')).rejects.toMatchObject({ code: 'not_found' });
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    deps.plans.beforeNextWrite = () => {
      deps.plans.all.get(`acct_1#test#${gold.token}`)!.deleting = true;
    };
    await expect(deletePlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to delete a plan whose subscription runs, or started between the read and the write', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    deps.plans.move(scope, gold.token, { active: 1 }, true);
    await expect(deletePlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'cannot_delete_plan' });
    deps.plans.move(scope, gold.token, { active: -1, cancelled: 1 }, true);
    deps.plans.beforeNextWrite = () => deps.plans.move(scope, gold.token, { starting: 1 }, true);
    await expect(deletePlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'cannot_delete_plan' });
    expect((await getPlan(deps, scope, gold.token)).counts).toMatchObject({ cancelled: 1, starting: 1 });
    expect(deps.plans.events.map((e) => e.type)).toEqual(['plan.created']);
  });

  it('finishes a deletion from its purge job once: a second run finds the job taken', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    // The request died after the first step: the plan is being deleted and its purge job is due.
    const purge = deps.plans.purge;
    deps.plans.purge = async () => {
      throw new Error('the function died');
    };
    await expect(deletePlan(deps, scope, gold.token)).rejects.toThrow('the function died');
    deps.plans.purge = purge;
    await expect(getPlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'not_found' });
    const job = deps.schedule.find(jobKinds.planPurge, gold.token)!;
    expect(job.dueAt.toISOString()).toBe('2026-11-24T10:16:00.000Z');
    await purgePlan(deps, job);
    expect(deps.plans.all.size).toBe(0);
    expect(deps.schedule.jobs.size).toBe(0);
    await expect(purgePlan(deps, job)).rejects.toBeInstanceOf(JobTaken);
  });
});
