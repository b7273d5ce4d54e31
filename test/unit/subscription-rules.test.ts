import {
  addInterval,
  cancelSubscription,
  dueAction,
  expireSubscription,
  intervalBoundary,
  type PendingBill,
  PinError,
  type Plan,
  reactivateSubscription,
  retriesFailedRenewals,
  type Subscription,
  settleBill,
  startSubscription,
  toTimestamp,
} from '@wattle/domain';
import { presentPlan } from '@wattle/wire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyPlan } from '../helpers/billing.ts';

const at = (text: string) => new Date(text);

const aPlan = (overrides: Partial<Plan> = {}): Plan => ({
  ...monthlyPlan({ name: 'Gold' }),
  token: 'plan_x',
  createdAt: '2027-01-01T00:00:00Z',
  ...overrides,
});

const start = (plan: Partial<Plan> = {}, now = '2027-01-31T10:00:00Z', includeSetupFee = true) =>
  startSubscription({
    token: 'sub_x',
    plan: aPlan(plan),
    customerToken: 'cus_x',
    cardToken: 'card_x',
    includeSetupFee,
    now: at(now),
  });

/** Settles every bill as `paid` says, running the subscription through `count` due dates. */
const run = (subscription: Subscription, count: number, paid = () => true) => {
  let current = subscription;
  const bills: PendingBill[] = [];
  for (let i = 0; i < count; i++) {
    const due = current.nextBillingDate;
    if (!due) break;
    const action = dueAction(current, at(due));
    if (action.kind === 'nothing') break;
    if (action.kind === 'expire') {
      current = expireSubscription(current, at(due));
      break;
    }
    bills.push(action.bill);
    current = settleBill(action.subscription, action.bill, paid(), at(due)).subscription!;
  }
  return { subscription: current, bills };
};

describe('billing periods', () => {
  it('keeps the day of the month and clamps at the end of shorter months', () => {
    const { subscription } = start();
    const boundaries = [0, 1, 2, 3, 13].map((k) => toTimestamp(intervalBoundary(subscription, k)));
    expect(boundaries).toEqual([
      '2027-01-31T10:00:00Z',
      '2027-02-28T10:00:00Z',
      '2027-03-31T10:00:00Z',
      '2027-04-30T10:00:00Z',
      '2028-02-29T10:00:00Z',
    ]);
  });

  it('counts every boundary from the anchor, so clamping never drifts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 12 }), (day, months) => {
        const anchor = new Date(Date.UTC(2027, 0, 1 + day, 8));
        const shifted = addInterval(anchor, months, 'month');
        expect(shifted.getUTCDate()).toBe(
          Math.min(
            anchor.getUTCDate(),
            new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate(),
          ),
        );
        expect(shifted.getUTCHours()).toBe(8);
      }),
    );
  });

  it('adds days and weeks exactly and years by twelve months', () => {
    const from = at('2028-02-29T00:00:00Z');
    expect(toTimestamp(addInterval(from, 3, 'day'))).toBe('2028-03-03T00:00:00Z');
    expect(toTimestamp(addInterval(from, 2, 'week'))).toBe('2028-03-14T00:00:00Z');
    expect(toTimestamp(addInterval(from, 1, 'year'))).toBe('2029-02-28T00:00:00Z');
    expect(toTimestamp(addInterval(from, 4, 'year'))).toBe('2032-02-29T00:00:00Z');
  });

  it('bills month after month on the anchor day: 31 Jan, 28 Feb, 31 Mar', () => {
    const { subscription } = run(start().subscription, 2);
    expect(subscription).toMatchObject({
      activeIntervalStartedAt: '2027-03-31T10:00:00Z',
      activeIntervalFinishesAt: '2027-04-30T10:00:00Z',
      billedIntervals: 3,
    });
  });
});

describe('starting a subscription', () => {
  it('bills the amount and the setup fee at once without a trial', () => {
    const { subscription, bill } = start({ setupAmount: 500 });
    expect(subscription).toMatchObject({
      state: 'active',
      nextBillingDate: '2027-02-28T10:00:00Z',
      setupFeeCharged: true,
      billedIntervals: 1,
    });
    expect(bill).toMatchObject({ purpose: 'start', attempt: 0, amount: 1500, setupFee: true });
  });

  it('leaves the setup fee out when include_setup_fee is false', () => {
    expect(start({ setupAmount: 500 }, undefined, false).bill.amount).toBe(1000);
  });

  it('bills the trial amount and keeps the setup fee for the first regular bill', () => {
    const { subscription, bill } = start({
      setupAmount: 500,
      trialAmount: 100,
      trialInterval: 2,
      trialIntervalUnit: 'week',
    });
    expect(subscription).toMatchObject({
      state: 'trial',
      nextBillingDate: '2027-02-14T10:00:00Z',
      activeIntervalFinishesAt: '2027-02-14T10:00:00Z',
      setupFeePending: true,
    });
    expect(bill.amount).toBe(100);
    const after = run(subscription, 2);
    expect(after.bills.map((b) => b.amount)).toEqual([1500, 1000]);
    expect(after.subscription).toMatchObject({
      state: 'active',
      activeIntervalStartedAt: '2027-03-14T10:00:00Z',
    });
  });

  it('numbers each bill attempt once', () => {
    const started = start();
    const { bills } = run(started.subscription, 3);
    expect([started.bill.attempt, ...bills.map((b) => b.attempt)]).toEqual([0, 1, 2, 3]);
  });
});

describe('the intervals limit', () => {
  it('expires, as cancelled, when the billed intervals have run out', () => {
    const { subscription, bills } = run(start({ intervals: 3 }).subscription, 10);
    expect(bills).toHaveLength(2);
    expect(subscription).toMatchObject({
      state: 'cancelled',
      nextBillingDate: null,
      cancelledAt: '2027-04-30T10:00:00Z',
    });
  });

  it('does not count the trial', () => {
    const trial = start({ intervals: 1, trialInterval: 1, trialIntervalUnit: 'day' }).subscription;
    const { bills, subscription } = run(trial, 10);
    expect(bills).toHaveLength(1);
    expect(subscription.state).toBe('cancelled');
  });
});

describe('failed renewals', () => {
  it('retries at +1, +3 and +6 days for intervals of a week or more, then cancels', () => {
    const { subscription } = start();
    const due = subscription.nextBillingDate!;
    let current = subscription;
    const retries: (string | null)[] = [];
    const events: string[][] = [];
    for (let i = 0; i < 4; i++) {
      const action = dueAction(current, at(current.nextBillingDate!));
      if (action.kind !== 'bill') throw new Error('a bill is due');
      const settled = settleBill(action.subscription, action.bill, false, at(current.nextBillingDate!));
      current = settled.subscription!;
      retries.push(current.nextBillingDate);
      events.push(settled.events);
    }
    expect(due).toBe('2027-02-28T10:00:00Z');
    expect(retries).toEqual(['2027-03-01T10:00:00Z', '2027-03-03T10:00:00Z', '2027-03-06T10:00:00Z', null]);
    expect(events.at(-1)).toEqual(['subscription.renewal_failed', 'subscription.cancelled']);
    expect(current.state).toBe('cancelled');
  });

  it('keeps the schedule when a retry succeeds', () => {
    let fails = 2;
    const { subscription } = run(start().subscription, 3, () => fails-- <= 0);
    expect(subscription).toMatchObject({
      activeIntervalStartedAt: '2027-02-28T10:00:00Z',
      nextBillingDate: '2027-03-31T10:00:00Z',
      failedAttempts: 0,
    });
  });

  it('cancels at once for intervals shorter than a week', () => {
    expect(retriesFailedRenewals(aPlan({ intervalUnit: 'day', interval: 6 }))).toBe(false);
    expect(retriesFailedRenewals(aPlan({ intervalUnit: 'day', interval: 7 }))).toBe(true);
    const { subscription } = run(start({ intervalUnit: 'day', interval: 1 }).subscription, 1, () => false);
    expect(subscription).toMatchObject({ state: 'cancelled', nextBillingDate: null });
  });
});

describe('cancel and reactivate', () => {
  it('cancels trial and active subscriptions only', () => {
    const cancelled = cancelSubscription(start().subscription, at('2027-02-01T00:00:00Z'));
    expect(cancelled).toMatchObject({
      state: 'cancelled',
      nextBillingDate: null,
      cancelledAt: '2027-02-01T00:00:00Z',
    });
    expect(() => cancelSubscription(cancelled, at('2027-02-02T00:00:00Z'))).toThrow(PinError);
  });

  it('resumes within the paid interval without a bill', () => {
    const cancelled = cancelSubscription(start().subscription, at('2027-02-01T00:00:00Z'));
    const { subscription, bill } = reactivateSubscription(cancelled, true, at('2027-02-10T00:00:00Z'));
    expect(bill).toBeNull();
    expect(subscription).toMatchObject({
      state: 'active',
      cancelledAt: null,
      nextBillingDate: '2027-02-28T10:00:00Z',
    });
  });

  it('bills a new interval from now once the paid one is over, the setup fee at most once', () => {
    const cancelled = cancelSubscription(
      start({ setupAmount: 500 }, undefined, false).subscription,
      at('2027-02-01T00:00:00Z'),
    );
    const now = at('2027-05-15T12:00:00Z');
    const { subscription, bill } = reactivateSubscription(cancelled, true, now);
    expect(bill).toMatchObject({ purpose: 'reactivation', amount: 1500, setupFee: true });
    const settled = settleBill(subscription, bill!, true, now).subscription!;
    expect(settled).toMatchObject({
      state: 'active',
      activeIntervalStartedAt: '2027-05-15T12:00:00Z',
      nextBillingDate: '2027-06-15T12:00:00Z',
      setupFeeCharged: true,
    });
    const again = reactivateSubscription(cancelSubscription(settled, now), true, at('2027-09-01T00:00:00Z'));
    expect(again.bill?.amount).toBe(1000);
  });

  it('refuses to reactivate a running subscription', () => {
    expect(() => reactivateSubscription(start().subscription, true, at('2027-02-01T00:00:00Z'))).toThrow(
      PinError,
    );
  });

  it('leaves a declined reactivation cancelled and a declined start nothing', () => {
    const cancelled = cancelSubscription(start().subscription, at('2027-02-01T00:00:00Z'));
    const { subscription, bill } = reactivateSubscription(cancelled, true, at('2027-06-01T00:00:00Z'));
    expect(settleBill(subscription, bill!, false, at('2027-06-01T00:00:00Z')).subscription?.state).toBe(
      'cancelled',
    );
    const started = start();
    expect(settleBill(started.subscription, started.bill, false, at('2027-01-31T10:00:00Z'))).toEqual({
      subscription: null,
      events: [],
      credit: false,
    });
  });

  it('credits a renewal charged while the subscription was cancelled, and changes nothing else', () => {
    const { subscription } = start();
    const action = dueAction(subscription, at(subscription.nextBillingDate!));
    if (action.kind !== 'bill') throw new Error('a bill is due');
    const cancelled = cancelSubscription(action.subscription, at(subscription.nextBillingDate!));
    expect(settleBill(cancelled, action.bill, true, at(subscription.nextBillingDate!))).toEqual({
      subscription: cancelled,
      events: [],
      credit: true,
    });
  });
});

describe('presenters', () => {
  it('shows the plan with its four counts only', () => {
    const counts = { trial: 1, active: 2, cancelling: 0, cancelled: 3, starting: 4 };
    expect(presentPlan(aPlan(), counts).subscription_counts).toEqual({
      trial: 1,
      active: 2,
      cancelling: 0,
      cancelled: 3,
    });
  });
});
