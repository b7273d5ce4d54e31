import { createPlan } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createPlanSchema, planValidation, validate } from '@wattle/wire';
import type { PlansDeps } from './deps.ts';
import { presentLoadedPlan } from './read-plans.ts';

/** POST /plans: 201 plan; 422 unprocessable_entity for anything invalid, a taken name included. */
export const createPlanRoute: RouteHandler<PlansDeps> = async (request, deps) => {
  const input = validate(createPlanSchema, request.body, planValidation);
  const created = await createPlan(deps, scopeOf(request), {
    name: input.name,
    amount: input.amount,
    currency: input.currency,
    setupAmount: input.setup_amount,
    trialAmount: input.trial_amount,
    interval: input.interval,
    intervalUnit: input.interval_unit,
    intervals: input.intervals,
    trialInterval: input.trial_interval,
    trialIntervalUnit: input.trial_interval === 0 ? '' : input.trial_interval_unit,
    customerPermissions: input.customer_permissions,
  });
  return resource(201, presentLoadedPlan(created));
};
