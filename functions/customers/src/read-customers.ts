import { PinError, presentCustomer, type Scope } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import type { LoadedCustomer } from '@wattle/ports';
import type { Store } from '@wattle/store';

/** The customer named in the path, or 404 (also for another merchant's or environment's). */
export const loadCustomer = async (
  store: Store,
  scope: Scope,
  customerToken: string,
): Promise<LoadedCustomer> => {
  const loaded = await store.customers.get(scope, customerToken);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

export const getCustomer: RouteHandler = async (request, { store }) => {
  const { customer } = await loadCustomer(store, scopeOf(request), request.params.customer_token!);
  return resource(200, presentCustomer(customer));
};

export const listCustomers: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('full', page, await store.customers.list(scopeOf(request), page), presentCustomer);
};
