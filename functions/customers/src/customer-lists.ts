import { listOf, pageOf, type RouteHandler, scopeOf } from '@wattle/http';
import { loadCustomer } from './read-customers.ts';

/**
 * GET /customers/{token}/charges and /subscriptions: full pagination, 404 for an unknown
 * customer. Nothing joins these lists yet; the charges and subscriptions issues add the items
 * and pass their presenters here in place of `presentPending`.
 */
const ownedList =
  (kind: 'charges' | 'subscriptions'): RouteHandler =>
  async (request, { store }) => {
    const scope = scopeOf(request);
    const { customer } = await loadCustomer(store, scope, request.params.customer_token!);
    const page = pageOf(request.query);
    return listOf(
      'full',
      page,
      await store.customers.listOwned(scope, customer.token, kind, page),
      presentPending,
    );
  };

const presentPending = (item: Record<string, unknown>): unknown => {
  throw new Error(`No presenter for ${String(item._et)} items yet`);
};

export const listCustomerCharges = ownedList('charges');
export const listCustomerSubscriptions = ownedList('subscriptions');
