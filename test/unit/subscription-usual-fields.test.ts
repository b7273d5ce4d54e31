import { type Plan, withUsualFields } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { monthlyPlan } from '../helpers/billing.ts';
import { aSubscription } from '../helpers/builders.ts';

const plan: Plan = { ...monthlyPlan(), token: 'plan_1', createdAt: '2027-01-31T10:00:00Z' } as Plan;
const subscription = aSubscription(plan, 'sub_1', 'cus_1', new Date('2027-01-31T10:00:00Z'));

/** What both store engines put back on a subscription kept without its fields at their usual value. */
describe("a subscription's usual fields", () => {
  it('puts back each field and term a store left out at its usual value', () => {
    const {
      cancelledAt: _c,
      failedAttempts: _f,
      setupFeePending: _p,
      setupFeeCharged: _s,
      reactivations: _r,
      terms,
      ...kept
    } = subscription;
    const {
      setupAmount: _a,
      trialAmount: _t,
      intervals: _i,
      trialInterval: _ti,
      trialIntervalUnit: _u,
      ...keptTerms
    } = terms;
    expect(withUsualFields({ ...kept, terms: keptTerms })).toEqual({
      ...subscription,
      cancelledAt: null,
      failedAttempts: 0,
      setupFeePending: false,
      setupFeeCharged: false,
      reactivations: 0,
      terms: {
        ...terms,
        setupAmount: 0,
        trialAmount: 0,
        intervals: 0,
        trialInterval: 0,
        trialIntervalUnit: '',
      },
    });
  });

  it('keeps what a store kept, at whatever value, over the usual one', () => {
    const unusual = {
      ...subscription,
      cancelledAt: '2027-02-01T10:00:00Z',
      failedAttempts: 2,
      setupFeePending: true,
      setupFeeCharged: true,
      reactivations: 3,
      terms: { ...subscription.terms, setupAmount: 500, trialInterval: 7, trialIntervalUnit: 'day' as const },
    };
    expect(withUsualFields(unusual)).toEqual(unusual);
  });
});
