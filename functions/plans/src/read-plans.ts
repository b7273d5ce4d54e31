import { getPlan, listPlans } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import type { LoadedPlan } from '@wattle/ports';
import { presentPlan } from '@wattle/wire';
import type { PlansDeps } from './deps.ts';

/** A plan as Pin shows it, with its subscription counts. */
export const presentLoadedPlan = ({ plan, counts }: LoadedPlan) => presentPlan(plan, counts);

/** GET /plans: short pagination without a top-level count (docs/api/requests.md). */
export const listPlansRoute: RouteHandler<PlansDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('short', page, await listPlans(deps, scopeOf(request), page), presentLoadedPlan);
};

export const getPlanRoute: RouteHandler<PlansDeps, 'GET /1/plans/{plan_token}'> = async (request, deps) =>
  resource(200, presentLoadedPlan(await getPlan(deps, scopeOf(request), request.params.plan_token)));
