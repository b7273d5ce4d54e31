import { deleteCustomer } from '@wattle/flows';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';

/** DELETE /customers/{token}: 204. */
export const deleteCustomerRoute: RouteHandler = async (request, deps) => {
  await deleteCustomer(deps, scopeOf(request), request.params.customer_token!);
  return noContent();
};
