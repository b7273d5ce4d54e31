import { presentPlan, presentSubscription } from '@wattle/domain';
import {
  createPlan,
  deletePlan,
  getPlan,
  listPlanSubscriptions,
  listPlans,
  subscribe,
  subscribeInputOf,
  updatePlan,
} from '@wattle/flows';
import {
  listOf,
  noContent,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
  subscriptionValidation,
  validate,
} from '@wattle/http';
import type { LoadedPlan } from '@wattle/ports';
import type { PlansDeps } from './deps.ts';
import { createPlanSchema, planValidation, subscribeToPlanSchema, updatePlanSchema } from './schemas.ts';

const present = ({ plan, counts }: LoadedPlan) => presentPlan(plan, counts);

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
  return resource(201, present(created));
};

/** GET /plans: short pagination without a top-level count (SPEC.md). */
export const listPlansRoute: RouteHandler<PlansDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('short', page, await listPlans(deps, scopeOf(request), page), present);
};

export const getPlanRoute: RouteHandler<PlansDeps, 'GET /1/plans/{plan_token}'> = async (request, deps) =>
  resource(200, present(await getPlan(deps, scopeOf(request), request.params.plan_token)));

export const updatePlanRoute: RouteHandler<PlansDeps, 'PUT /1/plans/{plan_token}'> = async (
  request,
  deps,
) => {
  const input = validate(updatePlanSchema, request.body, planValidation);
  const updated = await updatePlan(deps, scopeOf(request), request.params.plan_token, {
    name: input.name,
    customerPermissions: input.customer_permissions,
  });
  return resource(200, present(updated));
};

/** DELETE /plans/{token}: 204; 400 cannot_delete_plan while a subscription of it runs. */
export const deletePlanRoute: RouteHandler<PlansDeps, 'DELETE /1/plans/{plan_token}'> = async (
  request,
  deps,
) => {
  await deletePlan(deps, scopeOf(request), request.params.plan_token);
  return noContent();
};

/** POST /plans/{token}/subscriptions: 200 subscription (SPEC.md), 404 not_found for the plan or customer. */
export const subscribeToPlan: RouteHandler<PlansDeps, 'POST /1/plans/{plan_token}/subscriptions'> = async (
  request,
  deps,
) => {
  const input = validate(subscribeToPlanSchema, request.body, subscriptionValidation);
  const subscription = await subscribe(
    deps,
    scopeOf(request),
    subscribeInputOf(input, request.params.plan_token, request.sourceIp, 'not_found'),
  );
  return resource(200, presentSubscription(subscription));
};

/** GET /plans/{token}/subscriptions: top-level count and short pagination. */
export const listPlanSubscriptionsRoute: RouteHandler<
  PlansDeps,
  'GET /1/plans/{plan_token}/subscriptions'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const subscriptions = await listPlanSubscriptions(deps, scopeOf(request), request.params.plan_token, page);
  return listOf('short-with-count', page, subscriptions, presentSubscription);
};
