import { presentCharge, presentSubscription } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, scopeOf } from '@wattle/http';
import { toSubscription } from '@wattle/store';
import { loadCustomer } from './read-customers.ts';

/** GET /customers/{token}/charges: full pagination; the charges show authorisation_token. */
export const listCustomerCharges: RouteHandler = async (request, { store, clock }) => {
  const scope = scopeOf(request);
  const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
  const page = pageOf(request.query);
  const now = clock.now();
  const charges = await store.payments.listForCustomer(scope, customer.token, page);
  return listOf('full', page, charges, (charge) =>
    presentCharge(charge, now, { withAuthorisationToken: true }),
  );
};

/** GET /customers/{token}/subscriptions: full pagination, 404 for an unknown customer. */
export const listCustomerSubscriptions: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
  const page = pageOf(request.query);
  return listOf('full', page, await store.customers.listSubscriptions(scope, customer.token, page), (item) =>
    presentSubscription(toSubscription(item)),
  );
};
