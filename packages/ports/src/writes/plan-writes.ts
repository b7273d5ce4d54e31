import type { Plan, Scope, Subscription, WattleEvent } from '@wattle/domain';
import { Changed, Missing, NameTaken } from '../outcomes.ts';
import { noPlanCounts, type PlansStore } from '../plans.ts';
import { jobKinds, type ScheduledJob } from '../schedule.ts';
import {
  type ListRef,
  listSortKey,
  type RefusalOf,
  type StoreWrite,
  type StoreWriter,
} from './store-writes.ts';
import { ledgerEntriesRemoval, subscriptionPurge } from './subscription-writes.ts';

/** The plans' writes (PlansStore), once for both engines. */

const plans: ListRef = { list: 'plans' };

/** A plan whose condition failed: gone (or being deleted) is Missing, else it changed since the read. */
const planRefusal =
  (planToken: string): RefusalOf =>
  (found) =>
    !found || found.deletingSince !== undefined
      ? new Missing('plan', planToken)
      : new Changed('plan', planToken);

/** The plan's name held by it: NameTaken when another plan of the merchant has it. */
const nameClaim = (plan: Plan): StoreWrite => ({
  kind: 'create',
  ref: { record: 'plan-name', token: plan.name },
  fields: { planToken: plan.token },
  refusal: () => new NameTaken('plan', plan.name),
});

/** The plan's name let go, if the plan still holds it. */
const nameRelease = (plan: Plan): StoreWrite => ({
  kind: 'delete',
  ref: { record: 'plan-name', token: plan.name },
  when: { equals: [{ path: ['planToken'], value: plan.token }] },
});

/** A plan there, its deletion not begun, with the name it was read with (and `more`). */
const livePlanNamed = (plan: Plan, ...more: { path: string[]; value: number }[]) => ({
  exists: true as const,
  absent: [['deletingSince']],
  equals: [...more, { path: ['plan', 'name'], value: plan.name }],
});

/** The plan, with its name and no subscriptions, listed and counted, with its event. */
export const planCreation = (plan: Plan, event: WattleEvent, now: Date): StoreWrite[] => [
  {
    kind: 'create',
    ref: { record: 'plan', token: plan.token },
    fields: { plan, counts: noPlanCounts },
    listed: [{ in: plans, sortKey: listSortKey(now, plan.token) }],
  },
  nameClaim(plan),
  { kind: 'count', list: plans, by: 1 },
  { kind: 'event', event },
];

/** Name and customer permissions, while the plan is as read; a new name moves the claim. */
export const planUpdate = (before: Plan, after: Plan): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'plan', token: before.token },
    set: { plan: after },
    bump: false,
    when: livePlanNamed(before),
    refusal: planRefusal(before.token),
  },
  ...(after.name !== before.name ? [nameRelease(before), nameClaim(after)] : []),
];

/**
 * The first step of a deletion, while none of the plan's subscriptions runs or starts: the plan
 * marked deleting and out of its list, its name free, its event and its purge job.
 */
export const planDeletionBeginning = (
  scope: Scope,
  plan: Plan,
  event: WattleEvent,
  purgeAt: Date,
  now: Date,
): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'plan', token: plan.token },
    set: { deletingSince: now.toISOString() },
    bump: false,
    when: livePlanNamed(
      plan,
      { path: ['counts', 'trial'], value: 0 },
      { path: ['counts', 'active'], value: 0 },
      { path: ['counts', 'starting'], value: 0 },
    ),
    leaves: plans,
    refusal: planRefusal(plan.token),
  },
  nameRelease(plan),
  { kind: 'count', list: plans, by: -1 },
  { kind: 'event', event },
  { kind: 'schedule-job', job: { kind: jobKinds.planPurge, scope, token: plan.token, dueAt: purgeAt } },
];

/**
 * The rest of a deletion, once its subscriptions are gone: the plan (never a live one) and its
 * subscriptions' count, and its purge job claimed when this is that job's run (`job`), else removed.
 */
export const planPurge = (planToken: string, job: ScheduledJob | undefined): StoreWrite[] => [
  {
    kind: 'delete',
    ref: { record: 'plan', token: planToken },
    when: { orGone: true, present: [['deletingSince']] },
  },
  { kind: 'drop-count', list: { list: 'plan-subscriptions', of: planToken } },
  job ? { kind: 'claim-job', job } : { kind: 'cancel-job', job: jobKinds.planPurge, token: planToken },
];

/**
 * The plans' port's writes, on an engine's writer: its repository extends this with its reads
 * and the reads a purge of its subscriptions needs (`subscriptionsOfPlan`, `purgeReadOf`).
 */
export abstract class PlanWrites implements Pick<PlansStore, 'create' | 'update' | 'beginDelete' | 'purge'> {
  constructor(protected readonly writer: StoreWriter) {}

  /** The plan's subscriptions, as its list holds them (none runs or starts once its deletion began). */
  protected abstract subscriptionsOfPlan(scope: Scope, planToken: string): AsyncIterable<Subscription>;

  /** What a subscription's purge reads: its ledger entries' attempts, its renewal's bill's recovery date. */
  protected abstract purgeReadOf(
    scope: Scope,
    subscription: Subscription,
  ): Promise<{ attempts: number[]; renewalDueAt?: string | undefined }>;

  async create(scope: Scope, plan: Plan, event: WattleEvent, now: Date): Promise<void> {
    await this.writer.commit(scope, planCreation(plan, event, now), now);
  }

  async update(scope: Scope, before: Plan, after: Plan): Promise<void> {
    // Nothing of this write is stamped (no event, no token used): any time does.
    await this.writer.commit(scope, planUpdate(before, after), new Date(0));
  }

  async beginDelete(scope: Scope, plan: Plan, event: WattleEvent, purgeAt: Date, now: Date): Promise<void> {
    await this.writer.commit(scope, planDeletionBeginning(scope, plan, event, purgeAt, now), now);
  }

  /**
   * The plan's subscriptions first, each with all it has (one already gone is passed over, so a
   * second purge of the plan is harmless), then the plan. Nothing of these writes is stamped (no
   * event, no token used): any time does.
   */
  async purge(scope: Scope, planToken: string, job?: ScheduledJob): Promise<void> {
    await this.purgeSubscriptions(scope, planToken);
    await this.writer.commit(scope, planPurge(planToken, job), new Date(0));
  }

  /** The plan's subscriptions, each with all it has: a purge's first step. */
  async purgeSubscriptions(scope: Scope, planToken: string): Promise<void> {
    for await (const subscription of this.subscriptionsOfPlan(scope, planToken))
      await this.purgeSubscription(scope, subscription);
  }

  /** Ledger entries beyond what one commit holds beside the subscription's own writes go first. */
  private async purgeSubscription(scope: Scope, subscription: Subscription): Promise<void> {
    const { attempts, renewalDueAt } = await this.purgeReadOf(scope, subscription);
    const beside = this.writer.room - 20;
    while (attempts.length > beside) {
      const batch = attempts.splice(0, this.writer.room);
      await this.writer.commit(scope, ledgerEntriesRemoval(subscription.token, batch), new Date(0));
    }
    try {
      await this.writer.commit(scope, subscriptionPurge(subscription, attempts, renewalDueAt), new Date(0));
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
    }
  }
}
