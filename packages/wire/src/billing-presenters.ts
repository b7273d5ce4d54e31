import type { LedgerEntry, Plan, Subscription, SubscriptionCounts } from '@wattle/domain';
import type { LedgerEntryJson, PlanJson, SelfServiceLinkJson, SubscriptionJson } from './objects.ts';

/** The plan object of Pin's API reference. */
export const presentPlan = (plan: Plan, counts: SubscriptionCounts): PlanJson => ({
  token: plan.token,
  name: plan.name,
  amount: plan.amount,
  currency: plan.currency,
  setup_amount: plan.setupAmount,
  trial_amount: plan.trialAmount,
  interval: plan.interval,
  interval_unit: plan.intervalUnit,
  intervals: plan.intervals,
  trial_interval: plan.trialInterval,
  trial_interval_unit: plan.trialIntervalUnit,
  created_at: plan.createdAt,
  customer_permissions: plan.customerPermissions,
  subscription_counts: {
    trial: counts.trial,
    active: counts.active,
    cancelling: counts.cancelling,
    cancelled: counts.cancelled,
  },
});

export const presentSubscription = (subscription: Subscription): SubscriptionJson => ({
  token: subscription.token,
  state: subscription.state,
  next_billing_date: subscription.nextBillingDate,
  active_interval_started_at: subscription.activeIntervalStartedAt,
  active_interval_finishes_at: subscription.activeIntervalFinishesAt,
  cancelled_at: subscription.cancelledAt,
  created_at: subscription.createdAt,
  plan_token: subscription.planToken,
  customer_token: subscription.customerToken,
  card_token: subscription.cardToken,
});

export const presentLedgerEntry = (entry: LedgerEntry): LedgerEntryJson => ({
  created_at: entry.createdAt,
  type: entry.type,
  amount: entry.amount,
  currency: entry.currency,
  annotation: entry.annotation,
});

/** POST /subscriptions/{token}/self_service_link: the page's address for the customer, and until when it works. */
export const presentSelfServiceLink = (url: string, expiresAt: string): SelfServiceLinkJson => ({
  url,
  expires_at: expiresAt,
});
