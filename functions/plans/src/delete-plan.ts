import { deletePlan } from '@wattle/flows';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import type { PlansDeps } from './deps.ts';

/** DELETE /plans/{token}: 204; 400 cannot_delete_plan while a subscription of it runs. */
export const deletePlanRoute: RouteHandler<PlansDeps, 'DELETE /1/plans/{plan_token}'> = async (
  request,
  deps,
) => {
  await deletePlan(deps, scopeOf(request), request.params.plan_token);
  return noContent();
};
