import { deleteCustomer } from '@wattle/flows';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import type { CustomersDeps } from './deps.ts';

/** DELETE /customers/{token}: 204. */
export const deleteCustomerRoute: RouteHandler<
  CustomersDeps,
  'DELETE /1/customers/{customer_token}'
> = async (request, deps) => {
  await deleteCustomer(deps, scopeOf(request), request.params.customer_token);
  return noContent();
};
