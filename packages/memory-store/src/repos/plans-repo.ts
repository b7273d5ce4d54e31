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
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { deleteSubscriptionsOfPlan } from './subscription-records.ts';

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

/** A plan whose condition failed: gone (or being deleted) is Missing, else it changed since the read. */
const planRefusal = (stored: StoredPlan | undefined, planToken: string): Error =>
  !stored || stored.deletingSince !== undefined
    ? new Missing('plan', planToken)
    : new Changed('plan', planToken);

/** A merchant's plans, each name held by one plan at most (NameTaken for the others). */
export class PlansRepo implements PlansStore {
  private readonly plans;
  /** The plan token holding each name. */
  private readonly names;

  constructor(private readonly world: MemoryWorld) {
    this.plans = plansOf(world);
    this.names = world.table<string>('plan-name');
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

  async create(scope: Scope, plan: Plan, event: WattleEvent, now: Date): Promise<void> {
    const id = scoped(scope, plan.token);
    const list = listKey(scope, 'plans');
    const change = new Change().check(() => !this.plans.has(id), 'plan');
    this.claimNameIn(change, scope, plan).write(() => {
      const stored = {
        plan: copy(plan),
        counts: { ...noPlanCounts },
        sortKey: listSortKey(now, plan.token),
      };
      this.plans.set(id, stored);
      this.world.lists.join(list, stored.sortKey, id);
      this.world.lists.move(list, 1);
    });
    this.world.outbox.recordIn(change, scope, event, now).commit();
  }

  async update(scope: Scope, before: Plan, after: Plan): Promise<void> {
    const id = scoped(scope, before.token);
    const change = new Change()
      .check(
        () => {
          const stored = this.plans.get(id);
          return (
            stored !== undefined && stored.deletingSince === undefined && stored.plan.name === before.name
          );
        },
        () => planRefusal(this.plans.get(id), before.token),
      )
      .write(() => {
        const { plan } = this.plans.get(id)!;
        plan.name = after.name;
        plan.customerPermissions = copy(after.customerPermissions);
      });
    if (after.name !== before.name) {
      this.releaseNameIn(change, scope, before);
      this.claimNameIn(change, scope, after);
    }
    change.commit();
  }

  async beginDelete(scope: Scope, plan: Plan, event: WattleEvent, purgeAt: Date, now: Date): Promise<void> {
    const id = scoped(scope, plan.token);
    const list = listKey(scope, 'plans');
    const change = new Change()
      .check(
        () => {
          const stored = this.plans.get(id);
          if (!stored || stored.deletingSince !== undefined) return false;
          const { trial, active, starting } = stored.counts;
          return trial === 0 && active === 0 && starting === 0 && stored.plan.name === plan.name;
        },
        () => planRefusal(this.plans.get(id), plan.token),
      )
      .write(() => {
        const stored = this.plans.get(id)!;
        stored.deletingSince = now.toISOString();
        this.world.lists.leave(list, stored.sortKey);
        this.world.lists.move(list, -1);
      });
    this.releaseNameIn(change, scope, plan);
    this.world.outbox.recordIn(change, scope, event, now);
    this.world.jobs
      .scheduleIn(change, { kind: jobKinds.planPurge, scope, token: plan.token, dueAt: purgeAt })
      .commit();
  }

  async purge(scope: Scope, planToken: string, job?: ScheduledJob): Promise<void> {
    deleteSubscriptionsOfPlan(this.world, scope, planToken);
    const id = scoped(scope, planToken);
    const change = new Change()
      .check(() => this.plans.get(id)?.deletingSince !== undefined || !this.plans.has(id), 'plan')
      .write(() => {
        this.plans.delete(id);
        this.world.lists.dropCount(listKey(scope, 'subscriptions', planToken));
      });
    if (job) this.world.jobs.claimIn(change, job);
    else this.world.jobs.cancelIn(change, jobKinds.planPurge, scope, planToken);
    change.commit();
  }

  private claimNameIn(change: Change, scope: Scope, plan: Plan): Change {
    const name = scoped(scope, `PLAN_NAME#${plan.name}`);
    return change
      .check(
        () => !this.names.has(name),
        () => new NameTaken('plan', plan.name),
      )
      .write(() => this.names.set(name, plan.token));
  }

  private releaseNameIn(change: Change, scope: Scope, plan: Plan): Change {
    const name = scoped(scope, `PLAN_NAME#${plan.name}`);
    return change
      .check(() => this.names.get(name) === plan.token, 'plan-name-release')
      .write(() => this.names.delete(name));
  }
}
