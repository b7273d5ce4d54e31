import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan, Scope, Subscription } from '@wattle/domain';
import {
  type LoadedPlan,
  noPlanCounts,
  type Page,
  type PlanCounts,
  type PlansStore,
  PlanWrites,
} from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';
import { purgeReadOf, subscriptionsOfPlan } from './subscriptions-repo.ts';

const plansCounter = (scope: Scope) => counter(lists.plans(scope));

const toLoadedPlan = (item: Record<string, unknown>): LoadedPlan => ({
  plan: item.plan as Plan,
  counts: { ...noPlanCounts, ...(item.counts as Partial<PlanCounts>) },
});

/**
 * Plans. A plan's name is held by a claim item, taken in the transaction that creates or renames
 * the plan (refused with NameTaken when another plan has it), so names stay unique under races.
 * Their writes are @wattle/ports' (plan-writes.ts).
 */
export class PlansRepo extends PlanWrites implements PlansStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

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

  protected subscriptionsOfPlan(scope: Scope, planToken: string): AsyncIterable<Subscription> {
    return subscriptionsOfPlan(this.ctx, scope, planToken);
  }

  protected purgeReadOf(scope: Scope, subscription: Subscription) {
    return purgeReadOf(this.ctx, scope, subscription);
  }
}
