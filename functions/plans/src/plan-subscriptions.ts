import { listPlanSubscriptions, subscribe, subscribeInputOf } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import {
  presentSubscription,
  subscribeRequestOf,
  subscribeToPlanSchema,
  subscriptionValidation,
  validate,
} from '@wattle/wire';
import type { PlansDeps } from './deps.ts';

/** POST /plans/{token}/subscriptions: 200 subscription (Pin's), 404 not_found for the plan or customer. */
export const subscribeToPlan: RouteHandler<PlansDeps, 'POST /1/plans/{plan_token}/subscriptions'> = async (
  request,
  deps,
) => {
  const input = validate(subscribeToPlanSchema, request.body, subscriptionValidation);
  const subscription = await subscribe(
    deps,
    scopeOf(request),
    subscribeInputOf(subscribeRequestOf(input), request.params.plan_token, request.sourceIp, 'not_found'),
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
