import { listCustomerCharges, listCustomerSubscriptions } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, scopeOf } from '@wattle/http';
import { presentCharge, presentSubscription } from '@wattle/wire';
import type { CustomersDeps } from './deps.ts';

/** GET /customers/{token}/charges: full pagination; the charges show authorisation_token. */
export const listCustomerChargesRoute: RouteHandler<
  CustomersDeps,
  'GET /1/customers/{customer_token}/charges'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const charges = await listCustomerCharges(deps, scopeOf(request), request.params.customer_token, page);
  const now = deps.clock.now();
  return listOf('full', page, charges, (charge) => presentCharge(charge, now));
};

/** GET /customers/{token}/subscriptions: full pagination, 404 for an unknown customer. */
export const listCustomerSubscriptionsRoute: RouteHandler<
  CustomersDeps,
  'GET /1/customers/{customer_token}/subscriptions'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const subscriptions = await listCustomerSubscriptions(
    deps,
    scopeOf(request),
    request.params.customer_token,
    page,
  );
  return listOf('full', page, subscriptions, presentSubscription);
};
