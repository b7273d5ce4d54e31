import { cancel } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentSubscription } from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** DELETE /subscriptions/{token}: 200 cancelled; 400 invalid_state unless trial or active. */
export const cancelSubscriptionRoute: RouteHandler<
  SubscriptionsDeps,
  'DELETE /1/subscriptions/{sub_token}'
> = async (request, deps) =>
  resource(200, presentSubscription(await cancel(deps, scopeOf(request), request.params.sub_token)));

/** DELETE /customers/{customer}/subscriptions/{token}: the same, for a subscription of that customer. */
export const cancelCustomerSubscription: RouteHandler<
  SubscriptionsDeps,
  'DELETE /1/customers/{customer_token}/subscriptions/{sub_token}'
> = async (request, deps) => {
  const { customer_token: customerToken, sub_token: token } = request.params;
  return resource(200, presentSubscription(await cancel(deps, scopeOf(request), token, customerToken)));
};
