import { PinError, type Scope, type Subscription } from '@wattle/domain';
import type { LoadedPlan, Page, PlansStore, SubscriptionsStore } from '@wattle/ports';

/** The plan with its counts, or 404 not_found (also while its deletion is under way). */
export const getPlan = async (
  { plans }: { plans: PlansStore },
  scope: Scope,
  planToken: string,
): Promise<LoadedPlan> => {
  const loaded = await plans.get(scope, planToken);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

export const listPlans = (
  { plans }: { plans: PlansStore },
  scope: Scope,
  page: number,
): Promise<Page<LoadedPlan>> => plans.list(scope, page);

/** GET /plans/{token}/subscriptions: 404 not_found unless the plan is there. */
export const listPlanSubscriptions = async (
  deps: { plans: PlansStore; subscriptions: SubscriptionsStore },
  scope: Scope,
  planToken: string,
  page: number,
): Promise<Page<Subscription>> => {
  const { plan } = await getPlan(deps, scope, planToken);
  return deps.subscriptions.listForPlan(scope, plan.token, page);
};
