import { getCustomer, listCustomers } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentCustomer } from '@wattle/wire';
import type { CustomersDeps } from './deps.ts';

export const getCustomerRoute: RouteHandler<CustomersDeps, 'GET /1/customers/{customer_token}'> = async (
  request,
  deps,
) => {
  const customer = await getCustomer(deps, scopeOf(request), request.params.customer_token);
  return resource(200, presentCustomer(customer));
};

export const listCustomersRoute: RouteHandler<CustomersDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listCustomers(deps, scopeOf(request), page), presentCustomer);
};
