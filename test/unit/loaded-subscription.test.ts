import type { Plan } from '@wattle/domain';
import { loadedSubscriptionOf, type SubscriptionRecord, subscriptionRecordOf } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { monthlyPlan } from '../helpers/billing.ts';
import { aBill, aSubscription } from '../helpers/builders.ts';

const at = new Date('2027-01-31T10:00:00Z');
const plan = { ...monthlyPlan(), token: 'plan_1', createdAt: at.toISOString() } as Plan;
const subscription = { ...aSubscription(plan, 'sub_1', 'cus_1', at), attempts: 3 };
const record: SubscriptionRecord = {
  subscription,
  version: 4,
  bill: null,
  sortKey: 'k',
  ledgerCount: 3,
  settledBill: 2,
};
const renewalDueAt = new Date('2027-03-01T10:16:00Z');

/** How both store engines read a subscription with the renewal's bill they keep apart. */
describe('a subscription as loaded', () => {
  it('is under a renewal kept apart whose attempt is later than the last settled, counted as begun', () => {
    const bill = aBill('renewal', 3, at);
    expect(loadedSubscriptionOf(record, { bill, renewalDueAt })).toEqual({
      ...record,
      subscription: { ...subscription, attempts: 4 },
      bill,
      billApart: true,
      renewalDueAt,
      starting: false,
    });
  });

  it('leaves out a bill kept apart that is settled: its record is as it was written', () => {
    expect(loadedSubscriptionOf(record, { bill: aBill('renewal', 2, at), renewalDueAt })).toEqual({
      ...record,
      billApart: false,
      starting: false,
    });
  });

  it('takes a bill kept apart as under way when none was settled yet, its renewal job unknown if unsaid', () => {
    const bill = aBill('renewal', 1, at);
    const loaded = loadedSubscriptionOf({ ...record, settledBill: null }, { bill });
    expect(loaded).toMatchObject({ bill, billApart: true, subscription: { attempts: 3 } });
    expect(loaded).not.toHaveProperty('renewalDueAt');
  });

  it('is starting while its first bill, kept on its record, is under way', () => {
    const bill = aBill('start', 0, at);
    expect(loadedSubscriptionOf({ ...record, bill }, null)).toMatchObject({
      bill,
      billApart: false,
      starting: true,
    });
  });
});

/** What both store engines write on a subscription's record with its change. */
describe("a subscription's record as its change writes it", () => {
  const loaded = loadedSubscriptionOf(record, null);
  const change = {
    kind: 'subscription' as const,
    subscription,
    bill: null,
    listed: true,
    credited: false,
    settlesBillApart: null,
  };

  it('starts a new subscription at version 1, with no ledger entry and no bill settled apart', () => {
    expect(subscriptionRecordOf({ ...change, from: null, credited: true })).toEqual({
      subscription,
      version: 1,
      bill: null,
      ledgerCount: 1,
      settledBill: null,
    });
  });

  it('moves the version on, counts a credit, and carries the last bill settled apart on', () => {
    const bill = aBill('reactivation', 3, at);
    expect(subscriptionRecordOf({ ...change, from: loaded, bill, credited: true })).toEqual({
      subscription,
      version: 5,
      bill,
      ledgerCount: 4,
      settledBill: 2,
    });
    expect(subscriptionRecordOf({ ...change, from: loaded })).toMatchObject({
      ledgerCount: 3,
      settledBill: 2,
    });
  });

  it('records the renewal bill it settles apart as the last settled', () => {
    expect(subscriptionRecordOf({ ...change, from: loaded, settlesBillApart: 3 })).toMatchObject({
      settledBill: 3,
    });
  });
});
