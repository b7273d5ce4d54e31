import type { Clock, Scope } from '@wattle/domain';
import { createPlan, subscribe } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import { repositoriesOf, type Store } from '@wattle/store';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { dyingAtCapture, monthlyPlan, storedCustomer } from '../helpers/billing.ts';
import { testDeps, useTable } from '../helpers/table.ts';

const table = useTable();
const minute = 60_000;
const day = 24 * 60 * minute;

/** Each test bills on its own merchant, with its own clock. */
const setup = (name: string) => {
  const scope: Scope = { accountId: `acct_${name}`, environment: 'test' };
  let now = new Date('2027-01-31T10:00:00Z');
  const clock: Clock = { now: () => now };
  // A store given in the overrides brings its repositories too: the flows take them by name.
  const deps = (overrides: Partial<RuntimeDeps> = {}): RuntimeDeps => ({
    ...testDeps(table),
    clock,
    ...(overrides.store ? repositoriesOf(overrides.store) : {}),
    ...overrides,
  });
  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
    return now;
  };
  const newCustomer = async (number?: string): Promise<string> =>
    (await storedCustomer(table.store, scope, clock.now(), number)).customerToken;
  const newPlan = async () => (await createPlan(deps(), scope, monthlyPlan())).plan.token;
  const subscribeTo = (plan: string, customer: string, over: Partial<RuntimeDeps> = {}) =>
    subscribe(deps(over), scope, {
      planToken: plan,
      customerToken: customer,
      cardToken: null,
      includeSetupFee: true,
      ipAddress: '127.0.0.1',
      notFound: 'resource_not_found',
    });
  const chargesOf = async (customer: string) =>
    (await table.store.payments.listForCustomer(scope, customer, 1)).items;
  const ledgerOf = async (subscription: string) =>
    (await table.store.subscriptions.ledger(scope, subscription, 1)).items;
  return { scope, clock, deps, advance, newCustomer, newPlan, subscribeTo, chargesOf, ledgerOf };
};

/** A store whose customers cannot be read: the renewal dies before its charge (and its claim). */
const dyingBeforeCharge = (store: Store): Store =>
  Object.assign(Object.create(store) as Store, {
    customers: {
      get: async () => {
        throw new Error('the function died');
      },
    },
  });

describe('subscription billing', () => {
  it('bills each due subscription once when two scheduler runs overlap', async () => {
    const t = setup('overlap');
    const plan = await t.newPlan();
    const customers = await Promise.all(Array.from({ length: 12 }, () => t.newCustomer()));
    const subscriptions = await Promise.all(customers.map((c) => t.subscribeTo(plan, c)));
    const due = t.advance(28 * day + minute);
    const runs = await Promise.all([
      runDueJobs(t.deps(), due, jobHandlers),
      runDueJobs(t.deps(), due, jobHandlers),
    ]);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBeGreaterThanOrEqual(12);
    for (const [i, subscription] of subscriptions.entries()) {
      expect((await t.chargesOf(customers[i]!)).map((c) => c.amount)).toEqual([1000, 1000]);
      expect(await t.ledgerOf(subscription.token)).toHaveLength(2);
      const loaded = await table.store.subscriptions.get(t.scope, subscription.token);
      expect(loaded?.subscription).toMatchObject({
        state: 'active',
        nextBillingDate: '2027-03-31T10:00:00Z',
        billedIntervals: 2,
      });
      expect(loaded?.bill).toBeNull();
    }
    expect((await table.store.plans.get(t.scope, plan))?.counts).toMatchObject({ active: 12, starting: 0 });
    expect(await table.store.schedule.due(jobKinds.billRecovery, t.advance(day))).toEqual([]);
  });

  it('finishes a renewal whose run died after charging, without charging again', async () => {
    const t = setup('crash-after-charge');
    const plan = await t.newPlan();
    const customer = await t.newCustomer();
    const subscription = await t.subscribeTo(plan, customer);
    const due = t.advance(28 * day + minute);
    const crashed = await runDueJobs(t.deps({ processorOf: dyingAtCapture() }), due, jobHandlers);
    expect(crashed.failed).toBe(1);
    const midway = await table.store.subscriptions.get(t.scope, subscription.token);
    expect(midway?.bill).toMatchObject({ purpose: 'renewal', attempt: 1 });
    // Overlapping runs after the payment's and the bill's recovery delays.
    const later = t.advance(20 * minute);
    await Promise.all([runDueJobs(t.deps(), later, jobHandlers), runDueJobs(t.deps(), later, jobHandlers)]);
    expect((await t.chargesOf(customer)).map((c) => [c.amount, c.state])).toEqual([
      [1000, 'captured'],
      [1000, 'captured'],
    ]);
    expect(await t.ledgerOf(subscription.token)).toHaveLength(2);
    expect((await table.store.subscriptions.get(t.scope, subscription.token))?.subscription).toMatchObject({
      nextBillingDate: '2027-03-31T10:00:00Z',
      billedIntervals: 2,
    });
  });

  it('charges a renewal whose run died between its claim and the charge, once', async () => {
    const t = setup('crash-before-charge');
    const plan = await t.newPlan();
    const customer = await t.newCustomer();
    const subscription = await t.subscribeTo(plan, customer);
    const due = t.advance(28 * day + minute);
    const crashed = await runDueJobs(t.deps({ store: dyingBeforeCharge(table.store) }), due, jobHandlers);
    expect(crashed.failed).toBe(1);
    expect(await t.chargesOf(customer)).toHaveLength(1);
    // The claim rides in the charge's reservation, which the run never reached: the job stays due.
    expect(await table.store.schedule.due(jobKinds.subscriptionBilling, t.advance(day))).toHaveLength(1);
    const later = t.advance(20 * minute);
    await Promise.all([runDueJobs(t.deps(), later, jobHandlers), runDueJobs(t.deps(), later, jobHandlers)]);
    expect(await t.chargesOf(customer)).toHaveLength(2);
    expect(await t.ledgerOf(subscription.token)).toHaveLength(2);
  });

  it('starts a subscription whose first bill was left processing, once the charge settles', async () => {
    const t = setup('crash-at-start');
    const plan = await t.newPlan();
    const customer = await t.newCustomer();
    await expect(t.subscribeTo(plan, customer, { processorOf: dyingAtCapture() })).rejects.toThrow();
    expect((await table.store.subscriptions.list(t.scope, 1)).items).toEqual([]);
    expect((await table.store.plans.get(t.scope, plan))?.counts).toMatchObject({ active: 0, starting: 1 });
    const later = t.advance(20 * minute);
    await runDueJobs(t.deps(), later, jobHandlers);
    const [started] = (await table.store.subscriptions.list(t.scope, 1)).items;
    expect(started).toMatchObject({ state: 'active', customerToken: customer });
    expect(await t.chargesOf(customer)).toHaveLength(1);
    expect(await t.ledgerOf(started!.token)).toHaveLength(1);
    expect((await table.store.plans.get(t.scope, plan))?.counts).toMatchObject({ active: 1, starting: 0 });
  });

  it('gives up a start that died before charging: nothing charged, nothing left', async () => {
    const t = setup('abandoned-start');
    const plan = await t.newPlan();
    const customer = await t.newCustomer();
    await expect(t.subscribeTo(plan, customer, { store: dyingBeforeCharge(table.store) })).rejects.toThrow();
    await runDueJobs(t.deps(), t.advance(20 * minute), jobHandlers);
    expect(await t.chargesOf(customer)).toEqual([]);
    expect((await table.store.plans.get(t.scope, plan))?.counts).toMatchObject({ active: 0, starting: 0 });
  });
});
