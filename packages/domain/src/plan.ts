import { addMonths } from './clock.ts';

/** Units of a billing interval (docs/api/cookbook/subscriptions.md). */
export const intervalUnits = ['day', 'week', 'month', 'year'] as const;
export type IntervalUnit = (typeof intervalUnits)[number];

/** What a plan's customers may do themselves: nothing, or cancel (docs/api/cookbook/subscriptions.md). */
export type CustomerPermission = 'cancel';
export const defaultCustomerPermissions: CustomerPermission[] = ['cancel'];

/**
 * What a subscription is billed. A subscription copies the terms of its plan when it starts: a
 * plan's amounts and intervals never change (PUT /plans changes only name and permissions), and
 * a bill then needs no read of the plan.
 */
export interface PlanTerms {
  amount: number;
  currency: string;
  /** Added to the first regular bill (after the trial, if any) unless include_setup_fee is false. */
  setupAmount: number;
  trialAmount: number;
  interval: number;
  intervalUnit: IntervalUnit;
  /** Regular intervals billed before the subscription expires; 0 means no limit. */
  intervals: number;
  /** 0 means no trial. */
  trialInterval: number;
  trialIntervalUnit: IntervalUnit | '';
}

export interface Plan extends PlanTerms {
  token: string;
  name: string;
  createdAt: string;
  customerPermissions: CustomerPermission[];
}

/** The subscriptions of a plan by state, kept exact by the transactions that change states. */
export interface SubscriptionCounts {
  trial: number;
  active: number;
  cancelling: number;
  cancelled: number;
}

export const noSubscriptions: SubscriptionCounts = { trial: 0, active: 0, cancelling: 0, cancelled: 0 };

export const hasTrial = (terms: PlanTerms): boolean =>
  terms.trialInterval > 0 && terms.trialIntervalUnit !== '';

/** Pin's reference: a plan can be deleted only while none of its subscriptions runs (trial or active). */
export const isPlanDeletable = (counts: SubscriptionCounts): boolean =>
  counts.trial === 0 && counts.active === 0;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * `count` intervals of `unit` after `at`. Months and years keep the day of the month and clamp at
 * the end of a shorter month; days and weeks are exact multiples of 24 hours (UTC has no DST).
 */
export const addInterval = (at: Date, count: number, unit: IntervalUnit): Date => {
  switch (unit) {
    case 'day':
      return new Date(at.getTime() + count * dayMs);
    case 'week':
      return new Date(at.getTime() + count * 7 * dayMs);
    case 'month':
      return addMonths(at, count);
    case 'year':
      return addMonths(at, 12 * count);
  }
};

export const addDays = (at: Date, days: number): Date => addInterval(at, days, 'day');

/**
 * Pin retries a failed renewal at +1, +3 and +6 days after the first failure when the interval is
 * a week or more, and cancels at once otherwise (docs/api/behaviour.md).
 */
export const renewalRetryDays = [1, 3, 6] as const;

export const retriesFailedRenewals = (terms: PlanTerms): boolean =>
  terms.intervalUnit !== 'day' || terms.interval >= 7;
