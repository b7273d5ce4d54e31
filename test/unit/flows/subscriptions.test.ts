import {
  type DeclineCode,
  newCard,
  newEvent,
  type PendingBill,
  type Plan,
  type Scope,
  type Subscription,
  toTimestamp,
} from '@wattle/domain';
import {
  billChargeToken,
  cancel,
  changeCard,
  chargeBill,
  createPayment,
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
import { JobTaken, jobKinds, type PaymentWrite, type SubscriptionWrite } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeProcessor, processorDeps } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds, sequentialSecrets, virtualPacing } from '../../fakes/system.ts';
import { monthlyPlan } from '../../helpers/billing.ts';
import { aCardDetails, aChargeRequest, aCustomer } from '../../helpers/builders.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const day = 24 * 60 * 60 * 1000;
/** The number of every card of these tests' customer. */
const cardNumber = '4200000000000000';

const setUp = async () => {
  const store = memoryStore();
  const { plans, schedule, customers, cardTokens, paymentSources, events, world } = store;
  /** What the processor declines, by card number: the declined test card, and the customer's once a test says so. */
  const declines: Record<string, DeclineCode> = { '4100000000000001': 'card_declined' };
  const processor = fakeProcessor(declines);
  /** Runs once just before the next subscription write commits: another request in between. */
  let beforeNextCommit: (() => Promise<unknown>) | undefined;
  const subscriptions = overriding(store.subscriptions, {
    commit: async (at: Scope, changes: readonly SubscriptionWrite[], now: Date) => {
      const run = beforeNextCommit;
      beforeNextCommit = undefined;
      await run?.();
      return store.subscriptions.commit(at, changes, now);
    },
  });
  /** Where the next run dies (its message): at its charge's reservation, or before the processor is asked. */
  const dying: Partial<Record<'reservation' | 'charge', string>> = {};
  const dieIfDueAt = (point: 'reservation' | 'charge') => {
    const message = dying[point];
    delete dying[point];
    if (message) throw new Error(message);
  };
  const payments = overriding(store.payments, {
    commit: async (at: Scope, changes: readonly PaymentWrite[], now: Date) => {
      if (changes.some((change) => change.kind === 'reservation')) dieIfDueAt('reservation');
      return store.payments.commit(at, changes, now);
    },
  });
  const authorise = processor.authorise;
  processor.authorise = async (input) => {
    dieIfDueAt('charge');
    return authorise(input);
  };
  const deps = {
    plans,
    subscriptions,
    schedule,
    customers,
    cardTokens,
    paymentSources,
    payments,
    events,
    world,
    ...processorDeps(processor),
    clock: fixedClock('2027-01-31T10:00:00Z'),
    ids: sequentialIds(),
    secrets: sequentialSecrets(),
    pacing: virtualPacing(),
    before: (run: () => Promise<unknown>) => {
      beforeNextCommit = run;
    },
    /** The next run dies (throws `message`) at its charge's reservation, or before the processor is asked. */
    dieAt: (point: 'reservation' | 'charge', message: string) => {
      dying[point] = message;
    },
    /** From now on the processor declines the customer's cards. */
    declining: () => {
      declines[cardNumber] = 'card_declined';
    },
  };
  await addCustomer(deps, 'cus_1', ['card_primary', 'card_other']);
  return deps;
};

type Deps = Awaited<ReturnType<typeof setUp>>;

/** A customer with its cards (the first its primary), as creating it and adding its cards keeps them. */
const addCustomer = async (
  deps: Pick<Deps, 'cardTokens' | 'customers' | 'clock' | 'ids'>,
  customerToken: string,
  cardTokens: string[],
) => {
  const now = deps.clock.now();
  const createdAt = toTimestamp(now);
  const [primary, ...others] = await Promise.all(
    cardTokens.map((token) =>
      deps.cardTokens.seal(scope, newCard(aCardDetails(cardNumber), token, createdAt), cardNumber),
    ),
  );
  const customer = aCustomer(customerToken, primary!.card, createdAt);
  const event = newEvent(deps.ids, 'customer.created', {}, createdAt);
  await deps.customers.create(scope, customer, { from: 'new', sealed: primary! }, event, now);
  for (const sealed of others)
    await deps.customers.addCard(scope, customerToken, { from: 'new', sealed }, now);
};

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
/** The types of the subscriptions' events, oldest first. */
const eventTypes = async (deps: Deps) =>
  (await deps.events.list(scope, 1)).items
    .map((e) => e.type)
    .filter((type) => type.startsWith('subscription.'))
    .reverse();
/** The charges the processor made, in order, with their customer as the store has them. */
const chargesMade = (deps: Deps) =>
  Promise.all(
    deps.processor.authorised.map(async ({ reference, amount }) => ({
      token: reference,
      amount,
      customerToken: (await deps.payments.get(scope, reference))?.customerToken,
    })),
  );
/** Every payment the store holds, listed or not (a bill's charge still reserved included). */
const storedPayments = (deps: Deps) => [
  ...deps.world.table<{ payment: { token: string } }>('payment').values(),
];
/** Every subscription the store holds, shown or still starting, with the bill it keeps under way. */
const storedSubscriptions = (deps: Deps) => [
  ...deps.world.table<{ subscription: Subscription; bill: PendingBill | null }>('subscription').values(),
];
/** The job of `kind` waiting for the subscription, if any, due at any time. */
const jobOf = async (deps: Deps, kind: string, token: string) =>
  (await deps.schedule.due(kind, new Date('2100-01-01T00:00:00Z'))).find((job) => job.token === token);
/** Every job waiting, of any kind. */
const allJobs = async (deps: Deps) =>
  (
    await Promise.all(
      Object.values(jobKinds).map((kind) => deps.schedule.due(kind, new Date('2100-01-01T00:00:00Z'))),
    )
  ).flat();
/** The plan's deletion begun (its purge job waiting), as deleting it does first. */
const deletionBegun = async (deps: Deps, plan: Plan) => {
  const now = deps.clock.now();
  const event = newEvent(deps.ids, 'plan.deleted', {}, toTimestamp(now));
  await deps.plans.beginDelete(scope, plan, event, new Date(now.getTime() + day), now);
};

describe('subscribing', () => {
  it("bills the first interval and the setup fee at once on the customer's primary card", async () => {
    const deps = await setUp();
    const plan = await newPlan(deps, { setupAmount: 500 });
    const subscription = await subscribe(deps, scope, subscribeInput(plan));
    expect(subscription).toMatchObject({
      state: 'active',
      cardToken: 'card_primary',
      nextBillingDate: '2027-02-28T10:00:00Z',
      setupFeeCharged: true,
    });
    expect(await chargesMade(deps)).toEqual([
      { token: billChargeToken(deps.ids, subscription.token, 0), amount: 1500, customerToken: 'cus_1' },
    ]);
    expect((await deps.subscriptions.ledger(scope, subscription.token, 1)).items).toMatchObject([
      { amount: 1500, type: 'credit' },
    ]);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 1, starting: 0 });
    expect(await eventTypes(deps)).toEqual(['subscription.created']);
    expect((await jobOf(deps, jobKinds.subscriptionBilling, subscription.token))?.dueAt.toISOString()).toBe(
      '2027-02-28T10:00:00.000Z',
    );
    expect(await jobOf(deps, jobKinds.billRecovery, subscription.token)).toBeUndefined();
  });

  it('starts a free trial without a charge', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps, { trialInterval: 7, trialIntervalUnit: 'day' });
    const subscription = await subscribe(deps, scope, subscribeInput(plan, { cardToken: 'card_other' }));
    expect(subscription).toMatchObject({ state: 'trial', cardToken: 'card_other' });
    expect(await chargesMade(deps)).toEqual([]);
    expect(await countsOf(deps, plan)).toMatchObject({ trial: 1 });
    expect(await eventTypes(deps)).toEqual(['subscription.created']);
  });

  it('answers a declined first bill with the decline, and leaves no subscription', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    deps.declining();
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect(storedSubscriptions(deps)).toHaveLength(0);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, starting: 0 });
    expect(await allJobs(deps)).toHaveLength(0);
    expect(await eventTypes(deps)).toEqual([]);
  });

  it("answers the route's 404 for an unknown plan or customer, and invalid_resource for another's card", async () => {
    const deps = await setUp();
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
    expect(await chargesMade(deps)).toEqual([]);
  });

  it("answers the route's 404 when the plan's deletion begins between its read and the bill", async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    deps.before(() => deletionBegun(deps, plan));
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    expect(await chargesMade(deps)).toEqual([]);
    expect(storedSubscriptions(deps)).toHaveLength(0);
  });
});

describe('cancelling and reactivating', () => {
  it('cancels a running subscription at once: its renewal job goes, the counts move', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    const cancelled = await cancel(deps, scope, token);
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      cancelledAt: '2027-01-31T10:00:00Z',
      nextBillingDate: null,
    });
    expect(await jobOf(deps, jobKinds.subscriptionBilling, token)).toBeUndefined();
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, cancelled: 1 });
    expect(await eventTypes(deps)).toEqual(['subscription.created', 'subscription.cancelled']);
    await expect(cancel(deps, scope, token)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it("answers not_found for another customer's subscription or one still starting", async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await expect(cancel(deps, scope, token, 'cus_2')).rejects.toMatchObject({ code: 'not_found' });
    deps.dieAt('charge', 'the function died');
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toThrow('the function died');
    const starting = storedSubscriptions(deps).find((s) => s.bill?.purpose === 'start')!;
    await expect(cancel(deps, scope, starting.subscription.token)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(
      getSubscription(deps, scope, starting.subscription.token, 'resource_not_found'),
    ).rejects.toMatchObject({ code: 'resource_not_found' });
  });

  it('cancels again from what it finds when another change came between its read and its write', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    deps.before(() => changeCard(deps, scope, token, 'card_other'));
    expect(await cancel(deps, scope, token)).toMatchObject({ state: 'cancelled', cardToken: 'card_other' });
  });

  it('changes the card billed to one of the customer, and refuses a card that is not', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    expect(await changeCard(deps, scope, token, 'card_other')).toMatchObject({ cardToken: 'card_other' });
    await expect(changeCard(deps, scope, token, 'card_elsewhere')).rejects.toMatchObject({
      code: 'invalid_resource',
    });
    expect(await changeCard(deps, scope, token, null)).toMatchObject({ cardToken: 'card_primary' });
  });

  it('refuses a change without card_token once the subscription is found; an unknown one is the 404', async () => {
    const deps = await setUp();
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
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    expect(await reactivate(deps, scope, token, true, '127.0.0.1')).toMatchObject({
      state: 'active',
      nextBillingDate: '2027-02-28T10:00:00Z',
    });
    expect(await chargesMade(deps)).toHaveLength(1);
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
    expect((await chargesMade(deps)).map((r) => r.amount)).toEqual([1000, 1000]);
    // A reactivation's bill starts the subscription's renewals again, as its first did.
    expect(deps.processor.authorised.map((asked) => asked.initiation)).toEqual([
      'subscription_start',
      'subscription_start',
    ]);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 1, cancelled: 0, starting: 0 });
  });

  it('leaves a subscription whose reactivation bill is declined cancelled, with the decline', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    deps.clock.advance(40 * day);
    deps.declining();
    await expect(reactivate(deps, scope, token, true, '127.0.0.1')).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect((await getSubscription(deps, scope, token, 'not_found')).subscription.state).toBe('cancelled');
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, cancelled: 1, starting: 0 });
  });

  it("answers not_found for reactivating a subscription whose plan's deletion has begun", async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    await cancel(deps, scope, token);
    await deletionBegun(deps, plan);
    await expect(reactivate(deps, scope, token, true, '127.0.0.1')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('billing', () => {
  const subscribed = async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    const { token } = await subscribe(deps, scope, subscribeInput(plan));
    deps.clock.advance(28 * day + 60_000);
    const job = (await jobOf(deps, jobKinds.subscriptionBilling, token))!;
    return { deps, plan, token, job };
  };

  it('renews a due subscription: one charge, its credit, the next renewal job', async () => {
    const { deps, token, job } = await subscribed();
    await renewSubscription(deps, job);
    expect((await chargesMade(deps)).map((r) => r.token)).toEqual([
      billChargeToken(deps.ids, token, 0),
      billChargeToken(deps.ids, token, 1),
    ]);
    // The first told as the subscription's start, the renewal as the merchant's, on its schedule;
    // neither with a CVC (the customer's card keeps none).
    expect(deps.processor.authorised.map(({ initiation, cvc }) => ({ initiation, cvc }))).toEqual([
      { initiation: 'subscription_start', cvc: undefined },
      { initiation: 'subscription_renewal', cvc: undefined },
    ]);
    expect((await deps.subscriptions.ledger(scope, token, 1)).total).toBe(2);
    expect((await jobOf(deps, jobKinds.subscriptionBilling, token))?.dueAt.toISOString()).toBe(
      '2027-03-31T10:00:00.000Z',
    );
    expect(await jobOf(deps, jobKinds.billRecovery, token)).toBeUndefined();
    expect(await eventTypes(deps)).toEqual(['subscription.created', 'subscription.renewed']);
  });

  it('does nothing when another run claimed the billing job first (JobTaken)', async () => {
    const { deps, token, job } = await subscribed();
    const before = await deps.subscriptions.get(scope, token);
    await deps.schedule.drop(job);
    await expect(renewSubscription(deps, job)).rejects.toBeInstanceOf(JobTaken);
    expect(await chargesMade(deps)).toHaveLength(1);
    expect(await deps.subscriptions.get(scope, token)).toEqual(before);
    expect(await jobOf(deps, jobKinds.billRecovery, token)).toBeUndefined();
  });

  it('leaves a bill another run began from the same renewal job to that run: JobTaken, nothing charged', async () => {
    const { deps, token, job } = await subscribed();
    // Another run claimed the job and began the bill; it is still charging when this run, which
    // read the job at its renewal time, reads the subscription.
    deps.dieAt('charge', 'still charging');
    await expect(renewSubscription(deps, { ...job })).rejects.toThrow('still charging');
    await expect(renewSubscription(deps, job)).rejects.toBeInstanceOf(JobTaken);
    expect((await chargesMade(deps)).map((r) => r.token)).toEqual([billChargeToken(deps.ids, token, 0)]);
    expect(await deps.subscriptions.get(scope, token)).toMatchObject({ billApart: true });
  });

  it('finishes a bill from the charge a crashed run made under its token, charging nothing more', async () => {
    const { deps, token, job } = await subscribed();
    // A run claimed the job and began the bill, its charge reserved at 10:01:30, then died
    // before the processor was asked.
    deps.clock.advance(30_000);
    deps.dieAt('charge', 'the function died');
    await expect(renewSubscription(deps, job)).rejects.toThrow('the function died');
    // A renewal's bill is recovered by its renewal job, moved on when the bill began.
    const recovery = (await jobOf(deps, jobKinds.subscriptionBilling, token))!;
    deps.clock.advance(20 * 60_000);
    // The recovery finds the charge under the token and finishes it instead of charging anew.
    await recoverBill(deps, recovery);
    expect(storedPayments(deps).map((p) => p.payment.token)).toEqual([
      billChargeToken(deps.ids, token, 0),
      billChargeToken(deps.ids, token, 1),
    ]);
    // Asked from the charge as its reservation kept it: still the subscription's renewal.
    expect(deps.processor.authorised.at(-1)).toMatchObject({
      reference: billChargeToken(deps.ids, token, 1),
      initiation: 'subscription_renewal',
    });
    const loaded = await deps.subscriptions.get(scope, token);
    expect(loaded).toMatchObject({ bill: null, subscription: { billedIntervals: 2 } });
    expect((await deps.subscriptions.ledger(scope, token, 1)).items[0]).toMatchObject({
      amount: 1000,
      createdAt: '2027-02-28T10:01:30Z',
    });
    expect(await jobOf(deps, jobKinds.billRecovery, token)).toBeUndefined();
    expect((await jobOf(deps, jobKinds.subscriptionBilling, token))?.dueAt.toISOString()).toBe(
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
    // A declined charge made under the attempt's token already.
    await createPayment(
      deps,
      scope,
      aChargeRequest({
        token: billChargeToken(deps.ids, token, 1),
        source: { kind: 'card', details: aCardDetails('4100000000000001') },
      }),
    );
    const asked = deps.processor.authorised.length;
    expect(await chargeBill(deps, scope, loaded.subscription, bill, '')).toMatchObject({
      kind: 'declined',
      error: { code: 'card_declined' },
    });
    expect(storedPayments(deps)).toHaveLength(2);
    expect(deps.processor.authorised).toHaveLength(asked);
  });

  it('gives up a first bill that a crashed run never charged: nothing is charged, nothing is left', async () => {
    const deps = await setUp();
    const plan = await newPlan(deps);
    deps.dieAt('reservation', 'the function died');
    await expect(subscribe(deps, scope, subscribeInput(plan))).rejects.toThrow('the function died');
    const [starting] = storedSubscriptions(deps);
    expect(await countsOf(deps, plan)).toMatchObject({ starting: 1 });
    deps.clock.advance(20 * 60_000);
    await recoverBill(deps, (await jobOf(deps, jobKinds.billRecovery, starting!.subscription.token))!);
    expect(storedSubscriptions(deps)).toHaveLength(0);
    expect(storedPayments(deps)).toHaveLength(0);
    expect(await countsOf(deps, plan)).toMatchObject({ active: 0, starting: 0 });
    expect(await allJobs(deps)).toHaveLength(0);
  });
});

describe('the customer’s self-service link', () => {
  it('cancels for the customer while the link lives: cancelled, subscription.unsubscribed', async () => {
    const deps = await setUp();
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
    expect(await eventTypes(deps)).toEqual(['subscription.created', 'subscription.unsubscribed']);
    expect((await selfServiceView(deps, 'test', link.token)).mayCancel).toBe(false);
    await expect(unsubscribe(deps, 'test', link.token)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('stops working after seven days', async () => {
    const deps = await setUp();
    const subscription = await subscribe(deps, scope, subscribeInput(await newPlan(deps)));
    const link = await issueSelfServiceLink(deps, scope, subscription.token);
    deps.clock.advance(7 * day);
    await expect(unsubscribe(deps, 'test', link.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(await eventTypes(deps)).toEqual(['subscription.created']);
  });

  it('follows the plan’s permissions as they are now, not as they were at the start', async () => {
    const deps = await setUp();
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
