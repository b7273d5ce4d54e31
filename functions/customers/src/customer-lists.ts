import { presentCharge } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, scopeOf } from '@wattle/http';
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

/**
 * GET /customers/{token}/subscriptions: full pagination, 404 for an unknown customer. Nothing
 * joins this list yet; the subscriptions issue adds the items and passes its presenter here in
 * place of `presentPending`.
 */
export const listCustomerSubscriptions: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
  const page = pageOf(request.query);
  return listOf(
    'full',
    page,
    await store.customers.listSubscriptions(scope, customer.token, page),
    presentPending,
  );
};

const presentPending = (item: Record<string, unknown>): unknown => {
  throw new Error(`No presenter for ${String(item._et)} items yet`);
};
