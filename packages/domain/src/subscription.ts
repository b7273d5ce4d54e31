import { toTimestamp } from './clock.ts';
import { type ParamMessage, PinError } from './errors.ts';
import type { EventType } from './events.ts';
import {
  addDays,
  addInterval,
  hasTrial,
  type Plan,
  type PlanTerms,
  renewalRetryDays,
  retriesFailedRenewals,
} from './plan.ts';
import type { Scope } from './scope.ts';

/**
 * Subscription states (docs/api/behaviour.md). `cancelling` is in the contract and in the plan's counts, but
 * Wattle never enters it: a cancel ends the subscription at once (docs/api/behaviour.md), and an
 * expired subscription is `cancelled` too (docs/api/behaviour.md).
 */
export type SubscriptionState = 'trial' | 'active' | 'cancelling' | 'cancelled';

export interface Subscription {
  token: string;
  state: SubscriptionState;
  planToken: string;
  customerToken: string;
  /** The card billed: one of the customer's (its primary card when none was named). */
  cardToken: string;
  createdAt: string;
  nextBillingDate: string | null;
  activeIntervalStartedAt: string;
  activeIntervalFinishesAt: string;
  cancelledAt: string | null;
  /** The plan's terms when the subscription started: what every bill charges. */
  terms: PlanTerms;
  /** The plan's name when the subscription started, for the charges' description. */
  planName: string;
  /**
   * Where the regular intervals of the current run begin. Every boundary is counted from here
   * (never step by step), so 31 Jan → 28/29 Feb → 31 Mar.
   */
  anchor: string;
  /** Regular intervals billed in the current run: the plan's `intervals` limit counts these. */
  billedIntervals: number;
  /** Whether the next regular bill adds the setup fee. */
  setupFeePending: boolean;
  /** Whether a bill has charged the setup fee: it is charged once per subscription at most. */
  setupFeeCharged: boolean;
  /** Failed attempts at the renewal now due. */
  failedAttempts: number;
  /** Bill attempts begun so far: each attempt's number names its charge, once. */
  attempts: number;
  /**
   * Times it was reactivated. A self-service link works only while this is what it was when the
   * link was issued: the link a customer cancelled with must not cancel the subscription again
   * once the merchant has reactivated it.
   */
  reactivations: number;
}

/**
 * A subscription's fields at their usual value: no cancel, no failed attempt, no setup fee, never
 * reactivated. A store may keep a subscription without them (a smaller item) and puts them back
 * on read; one kept before reactivations were counted reads as never reactivated.
 */
export const usualSubscriptionFields = {
  cancelledAt: null,
  failedAttempts: 0,
  setupFeePending: false,
  setupFeeCharged: false,
  reactivations: 0,
} as const satisfies Partial<Subscription>;

/** A subscription's terms at their usual value: no setup fee, no trial, no limit. */
export const usualPlanTerms = {
  setupAmount: 0,
  trialAmount: 0,
  intervals: 0,
  trialInterval: 0,
  trialIntervalUnit: '',
} as const satisfies Partial<PlanTerms>;

/** What a store kept of a subscription: some of its fields, and some of its terms. */
export type KeptSubscription = Omit<Partial<Subscription>, 'terms'> & { terms?: Partial<PlanTerms> };

/** A subscription as it reads back from what a store kept: the usual value of each field it left out. */
export const withUsualFields = (kept: KeptSubscription): Subscription =>
  ({
    ...usualSubscriptionFields,
    ...kept,
    terms: { ...usualPlanTerms, ...kept.terms },
  }) as Subscription;

/** Why a bill is made: the first bill of a new subscription, a reactivation, or a renewal. */
export type BillPurpose = 'start' | 'reactivation' | 'renewal';

/**
 * A bill in progress: written on the subscription before its card is charged, so a run that
 * dies half-way leaves a record of what it was doing, and the charge of attempt N is made once.
 */
export interface PendingBill {
  purpose: BillPurpose;
  attempt: number;
  amount: number;
  currency: string;
  /** Whether the amount includes the setup fee. */
  setupFee: boolean;
  /** When the bill was begun: a reactivation's new interval starts then. */
  at: string;
}

/** What a settled bill does: the subscription after it (null: a declined start leaves nothing). */
export interface BillSettlement {
  subscription: Subscription | null;
  events: EventType[];
  /** Whether the bill was paid with a charge, so the ledger records a credit. */
  credit: boolean;
}

export interface LedgerEntry {
  createdAt: string;
  type: 'credit';
  amount: number;
  currency: string;
  annotation: 'charge_credit';
}

export const creditOf = (bill: PendingBill, createdAt: string): LedgerEntry => ({
  createdAt,
  type: 'credit',
  amount: bill.amount,
  currency: bill.currency,
  annotation: 'charge_credit',
});

/**
 * Pin's API reference: a missing or invalid parameter of subscription create or update answers 400
 * invalid_resource, its messages with `param` and `message` only (Pin's wording).
 */
export const invalidSubscriptionInput = (messages: ParamMessage[]): PinError =>
  new PinError('invalid_resource', {
    status: 400,
    description: 'One or more parameters are missing or invalid.',
    messages: messages.map(({ param, message }) => ({ param, message })),
  });

/** How long a customer's self-service link works after the merchant asked for it. */
export const selfServiceLinkLifetimeMs = 7 * 86_400_000;

/**
 * A customer's link to the hosted page of one subscription: an unguessable random token (found
 * by itself: the customer's browser carries no key), for one environment, until it expires, while
 * it is the subscription's newest link and the subscription has not been reactivated since.
 */
export interface SelfServiceLink {
  token: string;
  scope: Scope;
  subscriptionToken: string;
  expiresAt: string;
  /** The subscription's `reactivations` when the link was issued. */
  reactivations: number;
}

/** Whether a link was issued since the subscription's last reactivation (else it no longer works). */
export const issuedInCurrentRun = (link: SelfServiceLink, subscription: Subscription): boolean =>
  link.reactivations === subscription.reactivations;

/** The plan lets its customers cancel on the hosted page (customer_permissions holds `cancel`). */
export const customerMayCancel = (plan: Pick<Plan, 'customerPermissions'>): boolean =>
  plan.customerPermissions.includes('cancel');

/** Trial and active subscriptions are billed; the others wait for nothing. */
export const isRunning = (subscription: Subscription): boolean =>
  subscription.state === 'trial' || subscription.state === 'active';

/** The start of regular interval `k` (0-based) of the current run. */
export const intervalBoundary = (subscription: Subscription, k: number): Date =>
  addInterval(
    new Date(subscription.anchor),
    k * subscription.terms.interval,
    subscription.terms.intervalUnit,
  );

const regularBillAmount = (subscription: Subscription): number =>
  subscription.terms.amount + (subscription.setupFeePending ? subscription.terms.setupAmount : 0);

/** Numbers a new bill attempt of `subscription`. */
const billOf = (
  subscription: Subscription,
  purpose: BillPurpose,
  amount: number,
  setupFee: boolean,
  at: Date,
): { subscription: Subscription; bill: PendingBill } => ({
  subscription: { ...subscription, attempts: subscription.attempts + 1 },
  bill: {
    purpose,
    attempt: subscription.attempts,
    amount,
    currency: subscription.terms.currency,
    setupFee,
    at: toTimestamp(at),
  },
});

export interface StartInput {
  token: string;
  plan: Plan;
  customerToken: string;
  cardToken: string;
  includeSetupFee: boolean;
  now: Date;
}

/**
 * A new subscription and its first bill (docs/api/cookbook/subscriptions.md): with a trial, `trial` and the
 * trial amount (the setup fee waits for the first regular bill); otherwise `active` and the amount
 * plus the setup fee unless include_setup_fee is false.
 */
export const startSubscription = (input: StartInput): { subscription: Subscription; bill: PendingBill } => {
  const { plan, now } = input;
  const terms: PlanTerms = {
    amount: plan.amount,
    currency: plan.currency,
    setupAmount: plan.setupAmount,
    trialAmount: plan.trialAmount,
    interval: plan.interval,
    intervalUnit: plan.intervalUnit,
    intervals: plan.intervals,
    trialInterval: plan.trialInterval,
    trialIntervalUnit: plan.trialIntervalUnit,
  };
  const trial = hasTrial(terms);
  const setupFee = input.includeSetupFee && terms.setupAmount > 0;
  const finishes =
    trial && terms.trialIntervalUnit !== ''
      ? addInterval(now, terms.trialInterval, terms.trialIntervalUnit)
      : addInterval(now, terms.interval, terms.intervalUnit);
  const at = toTimestamp(now);
  const subscription: Subscription = {
    token: input.token,
    state: trial ? 'trial' : 'active',
    planToken: plan.token,
    customerToken: input.customerToken,
    cardToken: input.cardToken,
    createdAt: at,
    nextBillingDate: toTimestamp(finishes),
    activeIntervalStartedAt: at,
    activeIntervalFinishesAt: toTimestamp(finishes),
    cancelledAt: null,
    terms,
    planName: plan.name,
    anchor: trial ? toTimestamp(finishes) : at,
    billedIntervals: trial ? 0 : 1,
    setupFeePending: trial && setupFee,
    setupFeeCharged: !trial && setupFee,
    failedAttempts: 0,
    attempts: 0,
    reactivations: 0,
  };
  const amount = trial ? terms.trialAmount : terms.amount + (setupFee ? terms.setupAmount : 0);
  return billOf(subscription, 'start', amount, !trial && setupFee, now);
};

/** What the billing job does when a subscription's next billing date has come. */
export type DueAction =
  | { kind: 'nothing' }
  | { kind: 'expire' }
  | { kind: 'bill'; subscription: Subscription; bill: PendingBill };

export const dueAction = (subscription: Subscription, now: Date): DueAction => {
  const due = subscription.nextBillingDate;
  if (!isRunning(subscription) || due === null || Date.parse(due) > now.getTime()) return { kind: 'nothing' };
  const { intervals } = subscription.terms;
  if (subscription.state === 'active' && intervals > 0 && subscription.billedIntervals >= intervals) {
    return { kind: 'expire' };
  }
  return {
    kind: 'bill',
    ...billOf(subscription, 'renewal', regularBillAmount(subscription), subscription.setupFeePending, now),
  };
};

/** The plan's `intervals` were all billed and have run out: the subscription ends, as cancelled. */
export const expireSubscription = (subscription: Subscription, now: Date): Subscription => ({
  ...subscription,
  state: 'cancelled',
  nextBillingDate: null,
  cancelledAt: toTimestamp(now),
});

/** DELETE (behaviour.md): only from trial or active, to cancelled at once; otherwise 400 invalid_state. */
export const cancelSubscription = (subscription: Subscription, now: Date): Subscription => {
  if (!isRunning(subscription)) {
    throw new PinError('invalid_state', {
      description: `Cannot cancel subscription when state is ${subscription.state}`,
    });
  }
  return {
    ...subscription,
    state: 'cancelled',
    nextBillingDate: null,
    cancelledAt: toTimestamp(now),
    failedAttempts: 0,
  };
};

/**
 * PUT .../reactivate (Pin's reference: cancelled → active, cancelled_at null). While the interval that was
 * paid for is still running, the subscription resumes and its next bill comes when that interval
 * ends; otherwise a new run of intervals starts now with a bill (`bill` is then set). The setup
 * fee is charged once per subscription at most: include_setup_fee adds it when it never was.
 */
export const reactivateSubscription = (
  subscription: Subscription,
  includeSetupFee: boolean,
  now: Date,
): { subscription: Subscription; bill: PendingBill | null } => {
  if (subscription.state !== 'cancelled') {
    throw new PinError('invalid_state', {
      description: `Cannot reactivate subscription when state is ${subscription.state}`,
    });
  }
  const setupFeePending =
    includeSetupFee && !subscription.setupFeeCharged && subscription.terms.setupAmount > 0;
  // Counted whether or not its bill is paid: the links issued before it stop working either way.
  const owed = { ...subscription, setupFeePending, reactivations: subscription.reactivations + 1 };
  if (Date.parse(subscription.activeIntervalFinishesAt) > now.getTime()) {
    return {
      subscription: {
        ...owed,
        state: 'active',
        cancelledAt: null,
        nextBillingDate: subscription.activeIntervalFinishesAt,
        failedAttempts: 0,
      },
      bill: null,
    };
  }
  return billOf(owed, 'reactivation', regularBillAmount(owed), setupFeePending, now);
};

/** A paid regular bill: interval `k` of the run starts, the next bill is due when it finishes. */
const paidInterval = (subscription: Subscription, bill: PendingBill, k: number): Subscription => {
  const finishes = toTimestamp(intervalBoundary(subscription, k + 1));
  return {
    ...subscription,
    state: 'active',
    cancelledAt: null,
    activeIntervalStartedAt: toTimestamp(intervalBoundary(subscription, k)),
    activeIntervalFinishesAt: finishes,
    nextBillingDate: finishes,
    billedIntervals: k + 1,
    setupFeePending: subscription.setupFeePending && !bill.setupFee,
    setupFeeCharged: subscription.setupFeeCharged || bill.setupFee,
    failedAttempts: 0,
  };
};

/**
 * A failed renewal: retried at +1, +3 and +6 days after the due date for intervals of a week or
 * more, then (or at once for shorter intervals) the subscription is cancelled.
 */
const failedRenewal = (subscription: Subscription, now: Date): BillSettlement => {
  const failures = subscription.failedAttempts + 1;
  const retryDays = retriesFailedRenewals(subscription.terms) ? renewalRetryDays[failures - 1] : undefined;
  if (retryDays !== undefined) {
    const due = intervalBoundary(subscription, subscription.billedIntervals);
    return {
      subscription: {
        ...subscription,
        failedAttempts: failures,
        nextBillingDate: toTimestamp(addDays(due, retryDays)),
      },
      events: ['subscription.renewal_failed'],
      credit: false,
    };
  }
  return {
    subscription: {
      ...subscription,
      state: 'cancelled',
      nextBillingDate: null,
      cancelledAt: toTimestamp(now),
      failedAttempts: failures,
    },
    events: ['subscription.renewal_failed', 'subscription.cancelled'],
    credit: false,
  };
};

/**
 * The outcome of a bill on the subscription as it is now (it may have been cancelled while its
 * card was being charged: the charge then stands, and is credited, but changes nothing else).
 */
export const settleBill = (
  subscription: Subscription,
  bill: PendingBill,
  paid: boolean,
  now: Date,
): BillSettlement => {
  const credit = paid && bill.amount > 0;
  switch (bill.purpose) {
    case 'start':
      return paid
        ? { subscription, events: ['subscription.created'], credit }
        : { subscription: null, events: [], credit: false };
    case 'reactivation': {
      if (!paid || subscription.state !== 'cancelled') return { subscription, events: [], credit };
      const restarted: Subscription = { ...subscription, anchor: bill.at, billedIntervals: 0 };
      return { subscription: paidInterval(restarted, bill, 0), events: [], credit };
    }
    case 'renewal':
      if (!isRunning(subscription)) return { subscription, events: [], credit };
      if (!paid) return failedRenewal(subscription, now);
      return {
        subscription: paidInterval(subscription, bill, subscription.billedIntervals),
        events: ['subscription.renewed'],
        credit,
      };
  }
};
