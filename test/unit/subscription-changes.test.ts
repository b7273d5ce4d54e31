import {
  billBeginningOf,
  billSettlementOf,
  cancelSubscription,
  creditOf,
  dueAction,
  expireSubscription,
  newEvent,
  type PendingBill,
  type Plan,
  type Subscription,
  type SubscriptionAsRead,
  settleBill,
  startSubscription,
  updateOf,
} from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../fakes/system.ts';
import { monthlyPlan } from '../helpers/billing.ts';

// The changes a subscription's write makes are the domain's decision: each use is one list, in
// the order the store's transaction lists its items.
const startedAt = new Date('2027-01-31T10:00:00Z');
const plan: Plan = { ...monthlyPlan({ name: 'Gold' }), token: 'plan_x', createdAt: '2027-01-01T00:00:00Z' };
const event = newEvent(sequentialIds(), 'subscription.cancelled', { token: 'sub_x' }, '2027-02-01T00:00:00Z');
const started = (setupAmount = 0) =>
  startSubscription({
    token: 'sub_x',
    plan: { ...plan, setupAmount },
    customerToken: 'cus_x',
    cardToken: 'card_x',
    includeSetupFee: true,
    now: startedAt,
  });
/** A running subscription's first bill was paid: active, renewed at its next billing date. */
const running = (): Subscription =>
  settleBill(started().subscription, started().bill, true, startedAt).subscription!;

/** The store's record passes through the changes: a version stands for it here. */
type Read = SubscriptionAsRead & { version: number };
const read = (subscription: Subscription, over: Partial<Read> = {}): Read => ({
  subscription,
  bill: null,
  billApart: false,
  starting: false,
  version: 3,
  ...over,
});
const nextBilling = (subscription: Subscription) => new Date(subscription.nextBillingDate!);
const renewalAt = (dueAt: Date) => ({ job: 'renewal' as const, token: 'sub_x', dueAt });
const recoveryAt = new Date('2027-03-03T10:16:00Z');

describe("a subscription's update", () => {
  it('creates a subscription with nothing to bill: renewal job at its next billing date, listed, counted in a live plan', () => {
    const after = running();
    expect(updateOf<Read>({ before: null, after, events: [event], planMustBeLive: true })).toEqual([
      { kind: 'schedule-subscription-job', job: renewalAt(nextBilling(after)) },
      {
        kind: 'subscription',
        subscription: after,
        from: null,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
      { kind: 'subscription-lists', subscription: after, by: 1 },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { active: 1 }, live: true },
      { kind: 'event', event },
    ]);
  });

  it('cancels: the renewal job ends where it was (and in its form of before), the counts move, the plan may be deleting', () => {
    const before = read(running());
    const after = cancelSubscription(before.subscription, new Date('2027-02-01T00:00:00Z'));
    expect(updateOf({ before, after, events: [event] })).toEqual([
      {
        kind: 'end-subscription-job',
        job: 'renewal',
        token: 'sub_x',
        dueAt: nextBilling(before.subscription),
      },
      { kind: 'end-subscription-job', job: 'renewal', token: 'sub_x', dueAt: null },
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { active: -1, cancelled: 1 }, live: false },
      { kind: 'event', event },
    ]);
  });

  it('changes the card alone: no job, no count, no check of the plan', () => {
    const before = read(running());
    const after = { ...before.subscription, cardToken: 'card_y' };
    expect(updateOf({ before, after, events: [], renewalStays: true })).toEqual([
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
    ]);
  });

  it('keeps a renewal’s bill under way apart as it is, and its renewal job (the bill’s recovery) where it is', () => {
    const subscription = running();
    const due = dueAction(subscription, nextBilling(subscription));
    if (due.kind !== 'bill') throw new Error('The renewal is not due');
    const before = read(due.subscription, { bill: due.bill, billApart: true, renewalDueAt: recoveryAt });
    const after = { ...due.subscription, cardToken: 'card_y' };
    expect(updateOf({ before, after, events: [] })).toEqual([
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
    ]);
  });

  it('expires by the renewal run: its claim of the renewal job ends it (JobTaken for a run that lost)', () => {
    const before = read(running());
    const due = nextBilling(before.subscription);
    const after = expireSubscription(before.subscription, due);
    expect(updateOf({ before, after, events: [event], claim: renewalAt(due) })).toEqual([
      { kind: 'claim-subscription-job', job: renewalAt(due) },
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { active: -1, cancelled: 1 }, live: false },
      { kind: 'event', event },
    ]);
  });
});

describe("a bill's beginning", () => {
  it('of a first bill: the subscription unlisted with its bill, counted starting in a live plan, with a recovery job of its own', () => {
    const { subscription, bill } = started(500);
    expect(billBeginningOf<Read>({ before: null, after: subscription, bill, recoveryAt })).toEqual([
      {
        kind: 'subscription',
        subscription,
        from: null,
        bill,
        listed: false,
        credited: false,
        settlesBillApart: null,
      },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { starting: 1 }, live: true },
      { kind: 'schedule-subscription-job', job: { job: 'bill-recovery', token: 'sub_x', dueAt: recoveryAt } },
    ]);
  });

  it('of a renewal: kept apart, the renewal job claimed and moved to the recovery date, the subscription only checked', () => {
    const before = read(running());
    const due = dueAction(before.subscription, nextBilling(before.subscription));
    if (due.kind !== 'bill') throw new Error('The renewal is not due');
    const claim = renewalAt(nextBilling(before.subscription));
    expect(billBeginningOf({ before, after: due.subscription, bill: due.bill, recoveryAt, claim })).toEqual([
      { kind: 'move-subscription-job', job: claim, to: recoveryAt },
      { kind: 'subscription-check', token: 'sub_x', from: before },
      {
        kind: 'renewal-bill',
        token: 'sub_x',
        bill: due.bill,
        subscription: due.subscription,
        recoveryAt,
        from: before,
      },
    ]);
  });

  it('of a renewal is refused without the renewal run’s claim, or over a bill under way', () => {
    const before = read(running());
    const due = dueAction(before.subscription, nextBilling(before.subscription));
    if (due.kind !== 'bill') throw new Error('The renewal is not due');
    const claim = renewalAt(nextBilling(before.subscription));
    const renewal = { after: due.subscription, bill: due.bill, recoveryAt };
    expect(() => billBeginningOf({ ...renewal, before })).toThrow(/renewal run/);
    expect(() => billBeginningOf({ ...renewal, before: { ...before, bill: due.bill }, claim })).toThrow(
      /renewal run/,
    );
  });
});

describe("a bill's settlement", () => {
  const renewal = () => {
    const subscription = running();
    const due = dueAction(subscription, nextBilling(subscription));
    if (due.kind !== 'bill') throw new Error('The renewal is not due');
    const before = read(due.subscription, { bill: due.bill, billApart: true, renewalDueAt: recoveryAt });
    return { before: before as Read & { bill: PendingBill }, bill: due.bill };
  };

  it('of a renewal paid with its charge: the renewal job from the recovery date to the next billing date, the bill apart settled, the credit', () => {
    const { before, bill } = renewal();
    const after = settleBill(before.subscription, bill, true, recoveryAt).subscription!;
    const credit = { entry: creditOf(bill, '2027-03-03T10:00:01Z'), attempt: bill.attempt };
    expect(billSettlementOf({ before, after, credit, events: [event] })).toEqual([
      { kind: 'end-subscription-job', job: 'renewal', token: 'sub_x', dueAt: recoveryAt },
      { kind: 'schedule-subscription-job', job: renewalAt(nextBilling(after)) },
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: true,
        settlesBillApart: bill.attempt,
      },
      { kind: 'ledger-credit', token: 'sub_x', ...credit },
      { kind: 'event', event },
    ]);
  });

  it('of a renewal by its recovery run: the renewal job, claimed where it was due, moves on under the claim', () => {
    const { before, bill } = renewal();
    const after = settleBill(before.subscription, bill, true, recoveryAt).subscription!;
    const claim = renewalAt(recoveryAt);
    const changes = billSettlementOf({ before, after, credit: null, events: [], claim });
    expect(changes.slice(0, 2)).toEqual([
      { kind: 'move-subscription-job', job: claim, to: nextBilling(after) },
      expect.objectContaining({ kind: 'subscription', settlesBillApart: bill.attempt }),
    ]);
    expect(changes.some((change) => change.kind === 'end-subscription-job')).toBe(false);
  });

  it('of a first bill paid by its recovery run: its job claimed first, the subscription listed and counted active', () => {
    const { subscription, bill } = started(500);
    const before = read(subscription, { bill, starting: true, version: 1 }) as Read & { bill: PendingBill };
    const after = settleBill(subscription, bill, true, recoveryAt).subscription!;
    const claim = { job: 'bill-recovery' as const, token: 'sub_x', dueAt: recoveryAt };
    expect(billSettlementOf({ before, after, credit: null, events: [event], claim })).toEqual([
      { kind: 'claim-subscription-job', job: claim },
      // A job of its next billing date is there already in no form but perhaps that of before.
      { kind: 'end-subscription-job', job: 'renewal', token: 'sub_x', dueAt: null },
      { kind: 'schedule-subscription-job', job: renewalAt(nextBilling(after)) },
      {
        kind: 'subscription',
        subscription: after,
        from: before,
        bill: null,
        listed: true,
        credited: false,
        settlesBillApart: null,
      },
      { kind: 'subscription-lists', subscription: after, by: 1 },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { starting: -1, active: 1 }, live: false },
      { kind: 'event', event },
    ]);
  });

  it('of a first bill declined: the subscription removed, uncounted, its recovery job ended', () => {
    const { subscription, bill } = started(500);
    const before = read(subscription, { bill, starting: true, version: 1 }) as Read & { bill: PendingBill };
    expect(billSettlementOf({ before, after: null, credit: null, events: [] })).toEqual([
      { kind: 'subscription-removal', token: 'sub_x', from: before },
      { kind: 'plan-counts', planToken: 'plan_x', moves: { starting: -1 }, live: false },
      { kind: 'end-subscription-job', job: 'bill-recovery', token: 'sub_x', dueAt: null },
    ]);
  });
});
