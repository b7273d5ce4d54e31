import type { Plan, Scope, Subscription } from '@wattle/domain';
import { type LoadedPlan, type Page, type PlanCounts, type PlansStore, PlanWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';
import { purgeReadOf, subscriptionsOfPlan } from './subscription-records.ts';

export interface StoredPlan {
  plan: Plan;
  counts: PlanCounts;
  sortKey: string;
  deletingSince?: string;
}

export const plansOf = (world: MemoryWorld) => world.table<StoredPlan>('plan');

const toLoaded = (stored: StoredPlan): LoadedPlan => ({
  plan: copy(stored.plan),
  counts: { ...stored.counts },
});

/** A merchant's plans; their writes are @wattle/ports' (plan-writes.ts). */
export class PlansRepo extends PlanWrites implements PlansStore {
  private readonly plans;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.plans = plansOf(world);
  }

  async get(scope: Scope, planToken: string): Promise<LoadedPlan | null> {
    const stored = this.plans.get(scoped(scope, planToken));
    return stored && stored.deletingSince === undefined ? toLoaded(stored) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<LoadedPlan>> {
    return pageOf(this.world.lists.page(listKey(scope, 'plans'), page), (id) => {
      const stored = this.plans.get(id);
      return stored ? toLoaded(stored) : undefined;
    });
  }

  protected async *subscriptionsOfPlan(scope: Scope, planToken: string): AsyncIterable<Subscription> {
    yield* subscriptionsOfPlan(this.world, scope, planToken);
  }

  protected async purgeReadOf(scope: Scope, subscription: Subscription) {
    return purgeReadOf(this.world, scope, subscription);
  }
}
