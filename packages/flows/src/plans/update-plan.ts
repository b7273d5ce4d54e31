import { type CustomerPermission, PinError, type Plan, type Scope } from '@wattle/domain';
import { Changed, type LoadedPlan, Missing, NameTaken, type PlansStore } from '@wattle/ports';
import { nameTaken } from './create-plan.ts';
import { getPlan } from './read-plans.ts';

export interface PlanChange {
  name?: string | undefined;
  customerPermissions?: CustomerPermission[] | undefined;
}

/** PUT /plans/{token}: name and customer permissions; a name another plan has is refused. */
export const updatePlan = async (
  deps: { plans: PlansStore },
  scope: Scope,
  token: string,
  change: PlanChange,
): Promise<LoadedPlan> => {
  for (let round = 1; ; round++) {
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
      // Renamed in between: read it again and apply the change to what is there now.
      if (!(error instanceof Changed) || round >= 5) throw error;
    }
  }
};
