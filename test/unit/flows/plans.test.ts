import { billBeginningOf, billSettlementOf, type Scope, updateOf } from '@wattle/domain';
import { createPlan, deletePlan, getPlan, type PlanInput, purgePlan, updatePlan } from '@wattle/flows';
import { JobTaken, jobKinds, type LoadedSubscription } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { monthlyPlan } from '../../helpers/billing.ts';
import { aBill, aSubscription } from '../../helpers/builders.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };

const setUp = () => {
  const { plans, schedule, subscriptions, events, world } = memoryStore();
  return {
    plans,
    schedule,
    subscriptions,
    events,
    world,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};
type Deps = ReturnType<typeof setUp>;

/** The plans' events, oldest first. */
const planEvents = async (deps: Deps) => (await deps.events.list(scope, 1)).items.reverse();
/** The plans' purge jobs waiting. */
const purgeJobs = (deps: Deps) => deps.schedule.due(jobKinds.planPurge, new Date('2100-01-01T00:00:00Z'));

/** A subscription of the plan whose first bill is under way (`starting`), or paid (running). */
const subscribed = async (deps: Deps, planToken: string, paid: boolean) => {
  const plan = (await deps.plans.get(scope, planToken))!.plan;
  const now = deps.clock.now();
  const subscription = aSubscription(plan, deps.ids.token('sub'), deps.ids.token('cus'), now);
  const bill = aBill('start', 0, now);
  const recoveryAt = new Date(now.getTime() + 3600_000);
  await deps.subscriptions.commit(
    scope,
    billBeginningOf<LoadedSubscription>({ before: null, after: subscription, bill, recoveryAt }),
    now,
  );
  if (!paid) return subscription;
  const before = (await deps.subscriptions.get(scope, subscription.token))!;
  await deps.subscriptions.commit(
    scope,
    billSettlementOf({ before: { ...before, bill }, after: subscription, credit: null, events: [] }),
    now,
  );
  return subscription;
};

/** The subscription cancelled: it no longer holds its plan. */
const cancelled = async (deps: Deps, token: string) => {
  const before = (await deps.subscriptions.get(scope, token))!;
  const after = { ...before.subscription, state: 'cancelled' as const, nextBillingDate: null };
  await deps.subscriptions.commit(scope, updateOf({ before, after, events: [] }), deps.clock.now());
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
    expect((await planEvents(deps)).map((e) => [e.type, e.data.token])).toEqual([
      ['plan.created', plan.token],
    ]);
  });

  it("answers a taken name with the plan's 422, and creates nothing", async () => {
    const deps = setUp();
    await createPlan(deps, scope, monthly('Gold'));
    await expect(createPlan(deps, scope, monthly('Gold'))).rejects.toMatchObject(nameTaken);
    expect((await deps.plans.list(scope, 1)).total).toBe(1);
    expect(await planEvents(deps)).toHaveLength(1);
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
    let raced = false;
    const plans = overriding(deps.plans, {
      update: async (...args) => {
        // Another request renames it between this one's read and its write.
        if (!raced) {
          raced = true;
          await deps.plans.update(scope, gold, { ...gold, name: 'Renamed' });
        }
        return deps.plans.update(...args);
      },
    });
    const updated = await updatePlan({ ...deps, plans }, scope, gold.token, { customerPermissions: [] });
    expect(updated.plan).toMatchObject({ name: 'Renamed', customerPermissions: [] });
  });

  it('answers not_found for updating a plan that is gone, or went between the read and the write', async () => {
    const deps = setUp();
    await expect(updatePlan(deps, scope, 'plan_missing', { name: 'X' })).rejects.toMatchObject({
      code: 'not_found',
    });
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    const plans = overriding(deps.plans, {
      update: async (...args) => {
        // Another request begins its deletion between this one's read and its write.
        await deletePlan(
          { ...deps, plans: overriding(deps.plans, { purge: async () => {} }) },
          scope,
          gold.token,
        );
        return deps.plans.update(...args);
      },
    });
    await expect(updatePlan({ ...deps, plans }, scope, gold.token, { name: 'X' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('deletes a plan: out of sight at once with plan.deleted, its name free, its purge job done', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    await deletePlan(deps, scope, gold.token);
    await expect(getPlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'not_found' });
    expect((await planEvents(deps)).map((e) => e.type)).toEqual(['plan.created', 'plan.deleted']);
    expect(await deps.plans.list(scope, 1)).toEqual({ items: [], total: 0 });
    expect(await purgeJobs(deps)).toEqual([]);
    await createPlan(deps, scope, monthly('Gold'));
  });

  it('answers not_found for deleting a plan that is gone, or whose deletion another request began', async () => {
    const deps = setUp();
    await expect(deletePlan(deps, scope, 'plan_missing')).rejects.toMatchObject({ code: 'not_found' });
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    const plans = overriding(deps.plans, {
      beginDelete: async (...args) => {
        // Another request begins the deletion first.
        await deps.plans.beginDelete(...args);
        return deps.plans.beginDelete(...args);
      },
      purge: async () => {},
    });
    await expect(deletePlan({ ...deps, plans }, scope, gold.token)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses to delete a plan whose subscription runs, or started between the read and the write', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    const running = await subscribed(deps, gold.token, true);
    await expect(deletePlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'cannot_delete_plan' });
    await cancelled(deps, running.token);
    const plans = overriding(deps.plans, {
      beginDelete: async (...args) => {
        // A subscription starts between the read and the write.
        await subscribed(deps, gold.token, false);
        return deps.plans.beginDelete(...args);
      },
    });
    await expect(deletePlan({ ...deps, plans }, scope, gold.token)).rejects.toMatchObject({
      code: 'cannot_delete_plan',
    });
    expect((await getPlan(deps, scope, gold.token)).counts).toMatchObject({ cancelled: 1, starting: 1 });
    expect((await planEvents(deps)).map((e) => e.type)).toEqual(['plan.created']);
  });

  it('finishes a deletion from its purge job once: a second run finds the job taken', async () => {
    const deps = setUp();
    const gold = (await createPlan(deps, scope, monthly('Gold'))).plan;
    // The request died after the first step: the plan is being deleted and its purge job is due.
    const dying = overriding(deps.plans, {
      purge: async () => {
        throw new Error('the function died');
      },
    });
    await expect(deletePlan({ ...deps, plans: dying }, scope, gold.token)).rejects.toThrow(
      'the function died',
    );
    await expect(getPlan(deps, scope, gold.token)).rejects.toMatchObject({ code: 'not_found' });
    const job = deps.world.jobs.find(jobKinds.planPurge, scope, gold.token)!;
    expect(job.dueAt.toISOString()).toBe('2026-11-24T10:16:00.000Z');
    await purgePlan(deps, job);
    expect(await purgeJobs(deps)).toEqual([]);
    await expect(purgePlan(deps, job)).rejects.toBeInstanceOf(JobTaken);
  });
});
