import { presentLedgerEntry, presentSubscription } from '@wattle/domain';
import {
  cancel,
  changeCard,
  getSubscription,
  listLedger,
  listSubscriptions,
  reactivate,
  subscribe,
  subscribeInputOf,
} from '@wattle/flows';
import {
  listOf,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
  subscriptionValidation,
  validate,
} from '@wattle/http';
import type { SubscriptionsDeps } from './deps.ts';
import {
  createSubscriptionSchema,
  reactivateSubscriptionSchema,
  updateSubscriptionSchema,
} from './schemas.ts';

/** POST /subscriptions: 201; 400 invalid_resource, 404 resource_not_found, or the first bill's decline. */
export const createSubscription: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const input = validate(createSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await subscribe(
    deps,
    scopeOf(request),
    subscribeInputOf(input, input.plan_token, request.sourceIp, 'resource_not_found'),
  );
  return resource(201, presentSubscription(subscription));
};

/** GET /subscriptions: top-level count and short pagination. */
export const listSubscriptionsRoute: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const subscriptions = await listSubscriptions(deps, scopeOf(request), page);
  return listOf('short-with-count', page, subscriptions, presentSubscription);
};

export const getSubscriptionRoute: RouteHandler<
  SubscriptionsDeps,
  'GET /1/subscriptions/{sub_token}'
> = async (request, deps) => {
  const scope = scopeOf(request);
  const loaded = await getSubscription(deps, scope, request.params.sub_token, 'resource_not_found');
  return resource(200, presentSubscription(loaded.subscription));
};

/** PUT /subscriptions/{token}: the card billed, a card of the customer (null or empty: its primary card). */
export const updateSubscription: RouteHandler<SubscriptionsDeps, 'PUT /1/subscriptions/{sub_token}'> = async (
  request,
  deps,
) => {
  const input = validate(updateSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await changeCard(deps, scopeOf(request), request.params.sub_token, input.card_token);
  return resource(200, presentSubscription(subscription));
};

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

/** PUT /subscriptions/{token}/reactivate: 200 active; a bill's decline leaves it cancelled. */
export const reactivateSubscriptionRoute: RouteHandler<
  SubscriptionsDeps,
  'PUT /1/subscriptions/{sub_token}/reactivate'
> = async (request, deps) => {
  const input = validate(reactivateSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await reactivate(
    deps,
    scopeOf(request),
    request.params.sub_token,
    input.include_setup_fee,
    request.sourceIp,
  );
  return resource(200, presentSubscription(subscription));
};

/** GET /subscriptions/{token}/ledger: top-level count and short pagination, newest first. */
export const listLedgerRoute: RouteHandler<
  SubscriptionsDeps,
  'GET /1/subscriptions/{sub_token}/ledger'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const entries = await listLedger(deps, scopeOf(request), request.params.sub_token, page);
  return listOf('short-with-count', page, entries, presentLedgerEntry);
};
