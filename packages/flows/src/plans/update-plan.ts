import { type CustomerPermission, PinError, type Plan, type Scope } from '@wattle/domain';
import { type LoadedPlan, Missing, NameTaken, type PlansStore, type RetryPacing } from '@wattle/ports';
import { retryOnChange } from '../shared/retry-on-change.ts';
import { nameTaken } from './create-plan.ts';
import { getPlan } from './read-plans.ts';

export interface PlanChange {
  name?: string | undefined;
  customerPermissions?: CustomerPermission[] | undefined;
}

/**
 * PUT /plans/{token}: name and customer permissions; a name another plan has is refused. Renamed
 * in between (Changed): it reads the plan again and applies the change to what is there now.
 */
export const updatePlan = (
  deps: { plans: PlansStore; pacing: RetryPacing },
  scope: Scope,
  token: string,
  change: PlanChange,
): Promise<LoadedPlan> =>
  retryOnChange(deps.pacing, async () => {
    const loaded = await getPlan(deps, scope, token);
    const plan: Plan = {
      ...loaded.plan,
      name: change.name ?? loaded.plan.name,
      customerPermissions: change.customerPermissions ?? loaded.plan.customerPermissions,
    };
    try {
      await deps.plans.update(scope, loaded.plan, plan);
      // The counts are read again: subscriptions may have moved while the plan was renamed.
      return { ...(await getPlan(deps, scope, token)), plan };
    } catch (error) {
      if (error instanceof NameTaken) throw nameTaken();
      if (error instanceof Missing) throw new PinError('not_found');
      throw error;
    }
  });
