import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan, Scope, WattleEvent } from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type LoadedPlan,
  Missing,
  NameTaken,
  noPlanCounts,
  type Page,
  type PlanCounts,
  type PlansStore,
  type ScheduledJob,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { cancelIn, claimIn, scheduleIn } from '../kernel/schedule.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { livePlan, planSubscriptionShards } from './plan-counts.ts';
import { deleteSubscriptionsOfPlan } from './subscriptions-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type PlanLabel = 'plan' | 'plan-counter' | 'plan-name' | 'plan-name-release';

const plansCounter = (scope: Scope) => counter(lists.plans(scope));

const toLoadedPlan = (item: Record<string, unknown>): LoadedPlan => ({
  plan: item.plan as Plan,
  counts: { ...noPlanCounts, ...(item.counts as Partial<PlanCounts>) },
});

/** A plan whose condition failed: gone (or being deleted) is Missing, else it changed since the read. */
const planRefusal =
  (planToken: string) =>
  (found: Record<string, unknown> | undefined): Error =>
    !found || found.deletingSince !== undefined
      ? new Missing('plan', planToken)
      : new Changed('plan', planToken);

/**
 * Plans. A plan's name is held by a claim item, taken in the transaction that creates or renames
 * the plan (refused with NameTaken when another plan has it), so names stay unique under races.
 */
export class PlansRepo implements PlansStore {
  constructor(private readonly ctx: StoreContext) {}

  /** The plan with its counts, or null when there is none (or its deletion has begun). */
  async get(scope: Scope, planToken: string): Promise<LoadedPlan | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.plan(scope, planToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item || result.Item.deletingSince !== undefined) return null;
    return toLoadedPlan(result.Item);
  }

  list(scope: Scope, page: number): Promise<Page<LoadedPlan>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.plans(scope), counter: plansCounter(scope) },
      page,
      toLoadedPlan,
    );
  }

  async create(scope: Scope, plan: Plan, event: WattleEvent, now: Date): Promise<void> {
    const tx = newTransaction<PlanLabel>(this.ctx).put('plan', {
      Item: {
        ...keys.plan(scope, plan.token),
        _et: 'plan',
        plan,
        counts: noPlanCounts,
        ...listMembership('gsi1', lists.plans(scope), listSortKey(now, plan.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    this.claimNameIn(tx, scope, plan);
    countIn(tx, plansCounter(scope), 1);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc);
  }

  /**
   * Name and customer permissions (PUT /plans). Conditional on the name read before (Changed when
   * the plan was renamed in between, Missing when it went); a new name moves the claim.
   */
  async update(scope: Scope, before: Plan, after: Plan): Promise<void> {
    const tx = newTransaction<PlanLabel>(this.ctx).update('plan', {
      Key: keys.plan(scope, before.token),
      UpdateExpression: 'SET #p.#n = :name, #p.#cp = :permissions',
      ConditionExpression: `${livePlan} AND #p.#n = :old`,
      ExpressionAttributeNames: { '#p': 'plan', '#n': 'name', '#cp': 'customerPermissions' },
      ExpressionAttributeValues: {
        ':name': after.name,
        ':permissions': after.customerPermissions,
        ':old': before.name,
      },
    });
    if (after.name !== before.name) {
      this.releaseNameIn(tx, scope, before);
      this.claimNameIn(tx, scope, after);
    }
    await tx.commit(this.ctx.doc, { plan: planRefusal(before.token) });
  }

  /**
   * The first step of DELETE /plans: under the condition that no subscription of the plan runs or
   * starts (else Changed; Missing when it is gone), the plan leaves its list, frees its name and is
   * marked deleting, which stops new subscriptions and reactivations; the event is recorded and a
   * purge job scheduled.
   */
  async beginDelete(scope: Scope, plan: Plan, event: WattleEvent, purgeAt: Date, now: Date): Promise<void> {
    const tx = newTransaction<PlanLabel>(this.ctx).update('plan', {
      Key: keys.plan(scope, plan.token),
      UpdateExpression: 'SET deletingSince = :now REMOVE gsi1pk, gsi1sk',
      ConditionExpression: `${livePlan} AND #c.trial = :zero AND #c.active = :zero AND #c.starting = :zero AND #p.#n = :name`,
      ExpressionAttributeNames: { '#c': 'counts', '#p': 'plan', '#n': 'name' },
      ExpressionAttributeValues: { ':now': now.toISOString(), ':zero': 0, ':name': plan.name },
    });
    this.releaseNameIn(tx, scope, plan);
    countIn(tx, plansCounter(scope), -1);
    recordEvent(tx, scope, event, now);
    scheduleIn(tx, { kind: jobKinds.planPurge, scope, token: plan.token, dueAt: purgeAt });
    await tx.commit(this.ctx.doc, { plan: planRefusal(plan.token) });
  }

  /**
   * The rest of a deletion: the plan's subscriptions with their ledgers, then the plan item and its
   * list counter, in a transaction that removes the purge job, or claims it when it is `job`.
   */
  async purge(scope: Scope, planToken: string, job?: ScheduledJob): Promise<void> {
    await deleteSubscriptionsOfPlan(this.ctx, scope, planToken);
    const tx = newTransaction<PlanLabel>(this.ctx).delete('plan', {
      Key: keys.plan(scope, planToken),
      ConditionExpression: 'attribute_not_exists(pk) OR attribute_exists(deletingSince)',
    });
    const listKey = lists.planSubscriptions(scope, planToken);
    for (let shard = 0; shard < planSubscriptionShards; shard++) {
      tx.delete('plan-counter', { Key: keys.counterShard(listKey, shard) });
    }
    if (job) claimIn(tx, job);
    else cancelIn(tx, jobKinds.planPurge, scope, planToken);
    await tx.commit(this.ctx.doc);
  }

  private claimNameIn(tx: Transaction<PlanLabel>, scope: Scope, plan: Plan): void {
    tx.put('plan-name', {
      Item: { ...keys.planName(scope, plan.name), _et: 'plan_name', planToken: plan.token },
      ConditionExpression: 'attribute_not_exists(pk)',
    }).refuse('plan-name', () => new NameTaken('plan', plan.name));
  }

  private releaseNameIn(tx: Transaction<PlanLabel>, scope: Scope, plan: Plan): void {
    tx.delete('plan-name-release', {
      Key: keys.planName(scope, plan.name),
      ConditionExpression: 'planToken = :plan',
      ExpressionAttributeValues: { ':plan': plan.token },
    });
  }
}
