import type { Plan, Scope } from '@wattle/domain';
import {
  type BillingDeps,
  billChargeToken,
  cancel,
  changeCard,
  chargeBill,
  createPlan,
  getSubscription,
  issueSelfServiceLink,
  type PlanInput,
  reactivate,
  recoverBill,
  renewSubscription,
  type SubscribeInput,
  selfServiceView,
  subscribe,
  unsubscribe,
  updatePlan,
} from '@wattle/flows';
import { JobTaken, jobKinds } from '@wattle/ports';
import { describe, expect, it, vi } from 'vitest';
import { fakePlans } from '../../fakes/plans.ts';
import {
  chargeOf,
  fakeBillCharges,
  fakeCustomerCards,
  fakeSchedule,
  fakeSubscriptions,
} from '../../fakes/subscriptions.ts';
import { fixedClock, sequentialIds, sequentialSecrets, virtualPacing } from '../../fakes/system.ts';
import { monthlyPlan } from '../../helpers/billing.ts';

// The payments flow is faked: billing's charges are made in the `payments` fake the flows are handed.
vi.mock('../../../packages/flows/src/payments/create-payment.ts', async (original) => ({
  ...(await original<object>()),
  createPayment: (await import('../../fakes/subscriptions.ts')).paymentsModule.createPayment,
  reservePayment: (await import('../../fakes/subscriptions.ts')).paymentsModule.reservePayment,
}));
vi.mock('../../../packages/flows/src/payments/settle-payment.ts', async (original) => ({
  ...(await original<object>()),
  settlementWithProcessor: (await import('../../fakes/subscriptions.ts')).paymentsModule
    .settlementWithProcessor,
}));
vi.mock('../../../packages/flows/src/payments/payment-errors.ts', async (original) => ({
  ...(await original<object>()),
  declined: (await import('../../fakes/subscriptions.ts')).paymentsModule.declined,
}));
vi.mock('../../../packages/flows/src/payments/payment-tokens.ts', async (original) => ({
  ...(await original<object>()),
  derivedPaymentToken: (await import('../../fakes/subscriptions.ts')).paymentsModule.derivedPaymentToken,
}));

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const day = 24 * 60 * 60 * 1000;

const setUp = () => {
  const schedule = fakeSchedule();
  const plans = fakePlans(schedule);
  const clock = fixedClock('2027-01-31T10:00:00Z');
  const subscriptions = fakeSubscriptions(plans, schedule);
  const parts = {
    schedule,
    plans,
    subscriptions,
    customers: fakeCustomerCards(),
    payments: fakeBillCharges(clock, subscriptions),
    clock,
    ids: sequentialIds(),
    secrets: sequentialSecrets(),
    pacing: virtualPacing(),
  };
  parts.customers.add(scope, 'cus_1', ['card_primary', 'card_other']);
  // The payments flow's own dependencies are not needed: it is faked (see vi.mock above).
  return parts as typeof parts & BillingDeps;
};

type Deps = ReturnType<typeof setUp>;

const newPlan = async (deps: Deps, overrides: Partial<PlanInput> = {}): Promise<Plan> =>
  (await createPlan(deps, scope, monthlyPlan(overrides))).plan;

const subscribeInput = (plan: Plan, overrides: Partial<SubscribeInput> = {}): SubscribeInput => ({
  planToken: plan.token,
  customerToken: 'cus_1',
  cardToken: null,
  includeSetupFee: true,
  ipAddress: '127.0.0.1',
  notFound: 'resource_not_found',
  ...overrides,
});

const countsOf = async (deps: Deps, plan: Plan) => (await deps.plans.get(scope, plan.token))?.counts;
const eventTypes = (deps: Deps) => deps.subscriptions.events.map((e) => e.type);

describe('subscribing', () => {
  it("bills the first interval and the setup fee at once on the customer's primary card", async () => {
    const deps = setUp();
    const plan = await newPlan(deps, { setupAmount: 500 });
    const subscription = await subscribe(deps, scope, subscribeInput(plan));
    expect(subscription).toMatchObject({
      state: 'active',
      cardToken: 'card_primary',
      nextBillingDate: '2027-02-28T10:00:00Z',
      setupFeeCharged: true,
    });
    expect(deps.payments.requests).toEqual([
      { token: billChargeToken(deps.ids, subscription.token, 0), amount: 1500, customerToken: 'cus_1' },
    ]);
    expect((await deps.subscriptions.ledger(scope, subscription.token, 1)).items).toMatchObject([
      { amount: 1500, type: 'credit' },
    ]);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 1, starting: 0 });
    expect(eventTypes(deps)).toEqual(['subscription.created']);
    expect(deps.schedule.find(jobKinds.subscriptionBilling, subscription.token)?.dueAt.toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(deps.schedule.find(jobKinds.billRecovery, subscription.token)).toBeUndefined();
  });

  it('starts a free trial without a charge', async () => {
    const deps = setUp();
    const plan = await newPlan(deps, { trialInterval: 7, trialIntervalUnit: 'day' });
    const subscription = await subscribe(deps, scope, subscribeInput(plan, { cardToken: 'card_other' }));
    expect(subscription).toMatchObject({ state: 'trial', cardToken: 'card_other' });
    expect(deps.payments.requests).toEqual([]);
    expect(await countsOf(deps, plan)).toMatchObject({ trial: 1 });
    expect(eventTypes(deps)).toEqual(['subscription.created']);
  });

  it('answers a declined first bill with the decline, and leaves no subscription', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    deps.payments.declining.add('cus_1');
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect(deps.subscriptions.all.size).toBe(0);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, starting: 0 });
    expect(deps.schedule.jobs.size).toBe(0);
    expect(eventTypes(deps)).toEqual([]);
  });

  it("answers the route's 404 for an unknown plan or customer, and invalid_resource for another's card", async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    await expect(
      subscribe(deps, scope, subscribeInput(plan, { planToken: 'plan_missing', notFound: 'not_found' })),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      subscribe(deps, scope, subscribeInput(plan, { customerToken: 'cus_missing' })),
    ).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    await expect(
      subscribe(deps, scope, subscribeInput(plan, { cardToken: 'card_elsewhere' })),
    ).rejects.toMatchObject({
      code: 'invalid_resource',
    });
    expect(deps.payments.requests).toEqual([]);
  });

  it("answers the route's 404 when the plan's deletion begins between its read and the bill", async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    deps.subscriptions.beforeNextCommit = () => {
      deps.plans.all.get(`acct_1#test#${plan.token}`)!.deleting = true;
    };
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    expect(deps.payments.requests).toEqual([]);
    expect(deps.subscriptions.all.size).toBe(0);
  });
});

describe('cancelling and reactivating', () => {
  it('cancels a running subscription at once: its renewal job goes, the counts move', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    const cancelled = await cancel(deps, scope, token);
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      cancelledAt: '2027-01-31T10:00:00Z',
      nextBillingDate: null,
    });
    expect(deps.schedule.find(jobKinds.subscriptionBilling, token)).toBeUndefined();
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, cancelled: 1 });
    expect(eventTypes(deps)).toEqual(['subscription.created', 'subscription.cancelled']);
    await expect(cancel(deps, scope, token)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it("answers not_found for another customer's subscription or one still starting", async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await expect(cancel(deps, scope, token, 'cus_2')).rejects.toMatchObject({ code: 'not_found' });
    deps.payments.beforeNextCharge = () => {
      throw new Error('the function died');
    };
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toThrow('the function died');
    const starting = [...deps.subscriptions.all.values()].find((s) => s.bill?.purpose === 'start')!;
    await expect(cancel(deps, scope, starting.subscription.token)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      getSubscription(deps, scope, starting.subscription.token, 'resource_not_found'),
    ).rejects.toMatchObject({ code: 'resource_not_found' });
  });

  it('cancels again from what it finds when another change came between its read and its write', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    deps.subscriptions.beforeNextCommit = () => {
      const stored = deps.subscriptions.all.get(`acct_1#test#${token}`)!;
      stored.subscription.cardToken = 'card_other';
      stored.version++;
    };
    expect(await cancel(deps, scope, token)).toMatchObject({ state: 'cancelled', cardToken: 'card_other' });
  });

  it('changes the card billed to one of the customer, and refuses a card that is not', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    expect(await changeCard(deps, scope, token, 'card_other')).toMatchObject({ cardToken: 'card_other' });
    await expect(changeCard(deps, scope, token, 'card_elsewhere')).rejects.toMatchObject({
      code: 'invalid_resource',
    });
    expect(await changeCard(deps, scope, token, null)).toMatchObject({ cardToken: 'card_primary' });
  });

  it('refuses a change without card_token once the subscription is found; an unknown one is the 404', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await expect(changeCard(deps, scope, token, undefined)).rejects.toMatchObject({
      code: 'invalid_resource',
      status: 400,
      messages: [{ param: 'card_token', message: 'Card token must be present' }],
    });
    await expect(changeCard(deps, scope, 'sub_unknown00000000000000000', undefined)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
  });

  it('reactivates within the interval paid for without a charge, and bills once it is over', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    expect(await reactivate(deps, scope, token, true, '127.0.0.1')).toMatchObject({
      state: 'active',
      nextBillingDate: '2027-02-28T10:00:00Z',
    });
    expect(deps.payments.requests).toHaveLength(1);
    await expect(reactivate(deps, scope, token, true, '127.0.0.1')).rejects.toMatchObject({
      code: 'invalid_state',
    });

    await cancel(deps, scope, token);
    deps.clock.advance(40 * day);
    expect(await reactivate(deps, scope, token, true, '127.0.0.1')).toMatchObject({
      state: 'active',
      activeIntervalStartedAt: '2027-03-12T10:00:00Z',
      nextBillingDate: '2027-04-12T10:00:00Z',
    });
    expect(deps.payments.requests.map((r) => r.amount)).toEqual([1000, 1000]);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 1, cancelled: 0, starting: 0 });
  });

  it('leaves a subscription whose reactivation bill is declined cancelled, with the decline', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    deps.clock.advance(40 * day);
    deps.payments.declining.add('cus_1');
    await expect(reactivate(deps, scope, token, true, '127.0.0.1')).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect((await getSubscription(deps, scope, token, 'not_found')).subscription.state).toBe('cancelled');
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, cancelled: 1, starting: 0 });
  });

  it("answers not_found for reactivating a subscription whose plan's deletion has begun", async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    deps.plans.all.get(`acct_1#test#${plan.token}`)!.deleting = true;
    await expect(reactivate(deps, scope, token, true, '127.0.0.1')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('billing', () => {
  const subscribed = async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    deps.clock.advance(28 * day + 60_000);
    const job = deps.schedule.find(jobKinds.subscriptionBilling, token)!;
    return { deps, plan, token, job };
  };

  it('renews a due subscription: one charge, its credit, the next renewal job', async () => {
    const { deps, token, job } = await subscribed();
    await renewSubscription(deps, job);
    expect(deps.payments.requests.map((r) => r.token)).toEqual([
      billChargeToken(deps.ids, token, 0),
      billChargeToken(deps.ids, token, 1),
    ]);
    expect((await deps.subscriptions.ledger(scope, token, 1)).total).toBe(2);
    expect(deps.schedule.find(jobKinds.subscriptionBilling, token)?.dueAt.toISOString()).toBe(
      '2027-03-31T10:00:00.000Z',
    );
    expect(deps.schedule.find(jobKinds.billRecovery, token)).toBeUndefined();
    expect(eventTypes(deps)).toEqual(['subscription.created', 'subscription.renewed']);
  });

  it('does nothing when another run claimed the billing job first (JobTaken)', async () => {
    const { deps, token, job } = await subscribed();
    const before = await deps.subscriptions.get(scope, token);
    deps.schedule.claim(job);
    await expect(renewSubscription(deps, job)).rejects.toBeInstanceOf(JobTaken);
    expect(deps.payments.requests).toHaveLength(1);
    expect(await deps.subscriptions.get(scope, token)).toEqual(before);
    expect(deps.schedule.find(jobKinds.billRecovery, token)).toBeUndefined();
  });

  it('leaves a bill another run began from the same renewal job to that run: JobTaken, nothing charged', async () => {
    const { deps, token, job } = await subscribed();
    // Another run claimed the job and began the bill; it is still charging when this run, which
    // read the job at its renewal time, reads the subscription.
    deps.payments.beforeNextCharge = () => {
      throw new Error('still charging');
    };
    await expect(renewSubscription(deps, { ...job })).rejects.toThrow('still charging');
    await expect(renewSubscription(deps, job)).rejects.toBeInstanceOf(JobTaken);
    expect(deps.payments.requests.map((r) => r.token)).toEqual([billChargeToken(deps.ids, token, 0)]);
    expect(await deps.subscriptions.get(scope, token)).toMatchObject({ billApart: true });
  });

  it('finishes a bill from the charge a crashed run made under its token, charging nothing more', async () => {
    const { deps, token, job } = await subscribed();
    // A run claimed the job and began the bill, then died before charging.
    deps.payments.beforeNextCharge = () => {
      throw new Error('the function died');
    };
    await expect(renewSubscription(deps, job)).rejects.toThrow('the function died');
    // A renewal's bill is recovered by its renewal job, moved on when the bill began.
    const recovery = deps.schedule.find(jobKinds.subscriptionBilling, token)!;
    deps.clock.advance(20 * 60_000);
    // The recovery finds no charge, but as it charges, the dying run's charge lands under the token.
    const crashed = chargeOf(billChargeToken(deps.ids, token, 1), 1000, '2027-02-28T10:01:30Z', 'cus_1');
    deps.payments.beforeNextCharge = () => deps.payments.all.set(`acct_1#test#${crashed.token}`, crashed);
    await recoverBill(deps, recovery);
    expect([...deps.payments.all.values()].map((p) => p.token)).toEqual([
      billChargeToken(deps.ids, token, 0),
      billChargeToken(deps.ids, token, 1),
    ]);
    const loaded = await deps.subscriptions.get(scope, token);
    expect(loaded).toMatchObject({ bill: null, subscription: { billedIntervals: 2 } });
    expect((await deps.subscriptions.ledger(scope, token, 1)).items[0]).toMatchObject({
      amount: 1000,
      createdAt: '2027-02-28T10:01:30Z',
    });
    expect(deps.schedule.find(jobKinds.billRecovery, token)).toBeUndefined();
    expect(deps.schedule.find(jobKinds.subscriptionBilling, token)?.dueAt.toISOString()).toBe(
      '2027-03-31T10:00:00.000Z',
    );
  });

  it("reads a charge's outcome when its token is taken instead of charging twice", async () => {
    const { deps, token } = await subscribed();
    const loaded = (await deps.subscriptions.get(scope, token))!;
    const bill = {
      purpose: 'renewal' as const,
      attempt: 1,
      amount: 1000,
      currency: 'AUD',
      setupFee: false,
      at: '',
    };
    const declined = chargeOf(
      billChargeToken(deps.ids, token, 1),
      1000,
      '2027-02-28T10:01:00Z',
      'cus_1',
      true,
    );
    deps.payments.all.set(`acct_1#test#${declined.token}`, declined);
    expect(await chargeBill(deps, scope, loaded.subscription, bill, '')).toMatchObject({
      kind: 'declined',
      error: { code: 'card_declined' },
    });
    expect(deps.payments.all.size).toBe(2);
  });

  it('gives up a first bill that a crashed run never charged: nothing is charged, nothing is left', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    deps.payments.beforeNextCharge = () => {
      throw new Error('the function died');
    };
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toThrow('the function died');
    const [starting] = [...deps.subscriptions.all.values()];
    expect(await countsOf(deps, plan)).toMatchObject({ starting: 1 });
    deps.clock.advance(20 * 60_000);
    await recoverBill(deps, deps.schedule.find(jobKinds.billRecovery, starting!.subscription.token)!);
    expect(deps.subscriptions.all.size).toBe(0);
    expect(deps.payments.all.size).toBe(0);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, starting: 0 });
    expect(deps.schedule.jobs.size).toBe(0);
  });
});

describe('the customer’s self-service link', () => {
  it('cancels for the customer while the link lives: cancelled, subscription.unsubscribed', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const subscription = await subscribe(deps, scope, subscribeInput(plan));
    const link = await issueSelfServiceLink(deps, scope, subscription.token);
    expect(link).toMatchObject({
      scope,
      subscriptionToken: subscription.token,
      expiresAt: '2027-02-07T10:00:00Z',
    });
    expect((await selfServiceView(deps, 'test', link.token)).mayCancel).toBe(true);
    await expect(selfServiceView(deps, 'live', link.token)).rejects.toMatchObject({ code: 'not_found' });

    deps.clock.advance(day);
    const cancelled = await unsubscribe(deps, 'test', link.token);
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      nextBillingDate: null,
      cancelledAt: '2027-02-01T10:00:00Z',
    });
    expect(eventTypes(deps)).toEqual(['subscription.created', 'subscription.unsubscribed']);
    expect((await selfServiceView(deps, 'test', link.token)).mayCancel).toBe(false);
    await expect(unsubscribe(deps, 'test', link.token)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('stops working after seven days', async () => {
    const deps = setUp();
    const subscription = await subscribe(deps, scope, subscribeInput(await newPlan(deps)));
    const link = await issueSelfServiceLink(deps, scope, subscription.token);
    deps.clock.advance(7 * day);
    await expect(unsubscribe(deps, 'test', link.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(eventTypes(deps)).toEqual(['subscription.created']);
  });

  it('follows the plan’s permissions as they are now, not as they were at the start', async () => {
    const deps = setUp();
    const plan = await newPlan(deps);
    const subscription = await subscribe(deps, scope, subscribeInput(plan));
    const link = await issueSelfServiceLink(deps, scope, subscription.token);
    await updatePlan(deps, scope, plan.token, { customerPermissions: [] });
    expect((await selfServiceView(deps, 'test', link.token)).mayCancel).toBe(false);
    await expect(unsubscribe(deps, 'test', link.token)).rejects.toMatchObject({
      code: 'transaction_forbidden',
    });
    expect((await getSubscription(deps, scope, subscription.token, 'not_found')).subscription.state).toBe(
      'active',
    );
  });
});
