import {
  noSubscriptions,
  type Plan,
  type Scope,
  type SubscriptionCounts,
  type WattleEvent,
} from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/**
 * A plan's counts as kept: Pin's four states, and `starting`: subscriptions whose first bill
 * (or a reactivation's) is under way (shown nowhere, but they hold the plan as running ones do).
 */
export interface PlanCounts extends SubscriptionCounts {
  starting: number;
}

/** A new plan's counts: no subscription in any state. */
export const noPlanCounts: PlanCounts = { ...noSubscriptions, starting: 0 };

export interface LoadedPlan {
  plan: Plan;
  counts: PlanCounts;
}

/** A merchant's plans, each name held by one plan at most. */
export interface PlansStore {
  /** The plan with its counts, or null when there is none (or its deletion has begun). */
  get(scope: Scope, planToken: string): Promise<LoadedPlan | null>;
  list(scope: Scope, page: number): Promise<Page<LoadedPlan>>;
  /** Adds the plan with its event. Throws NameTaken when another plan of the merchant has its name. */
  create(scope: Scope, plan: Plan, event: WattleEvent, now: Date): Promise<void>;
  /**
   * Name and customer permissions, conditional on the plan as read (`before`). Throws NameTaken for
   * a name another plan has, Changed when the plan was renamed in between, Missing when it is gone
   * or its deletion has begun.
   */
  update(scope: Scope, before: Plan, after: Plan): Promise<void>;
  /**
   * The first step of a deletion: the plan leaves sight and frees its name, its event is recorded
   * and its purge job scheduled at `purgeAt`. Throws Changed when a subscription of it runs or
   * starts (or it was renamed) in between, Missing when it is gone or already being deleted.
   */
  beginDelete(scope: Scope, plan: Plan, event: WattleEvent, purgeAt: Date, now: Date): Promise<void>;
  /**
   * The rest of a deletion: the plan's subscriptions with their ledgers, then the plan. Without a
   * job the purge job is removed (the request finishing its own deletion); with one, that due job
   * is claimed, and JobTaken is thrown when another run claimed it first.
   */
  purge(scope: Scope, planToken: string, job?: ScheduledJob): Promise<void>;
}
