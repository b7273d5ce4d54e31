import { updatePlan } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { planValidation, updatePlanSchema, validate } from '@wattle/wire';
import type { PlansDeps } from './deps.ts';
import { presentLoadedPlan } from './read-plans.ts';

export const updatePlanRoute: RouteHandler<PlansDeps, 'PUT /1/plans/{plan_token}'> = async (
  request,
  deps,
) => {
  const input = validate(updatePlanSchema, request.body, planValidation);
  const updated = await updatePlan(deps, scopeOf(request), request.params.plan_token, {
    name: input.name,
    customerPermissions: input.customer_permissions,
  });
  return resource(200, presentLoadedPlan(updated));
};
