import { getPayment, listPayments } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentAuthorisation } from '@wattle/wire';
import type { AuthorisationsDeps } from './deps.ts';

export const getAuthorisation: RouteHandler<
  AuthorisationsDeps,
  'GET /1/authorisations/{auth_token}'
> = async (request, deps) => {
  const found = await getPayment(deps, scopeOf(request), 'authorisation', request.params.auth_token);
  return resource(200, presentAuthorisation(found, deps.clock.now()));
};

export const listAuthorisations: RouteHandler<AuthorisationsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const list = await listPayments(deps, scopeOf(request), 'authorisation', page);
  const now = deps.clock.now();
  return listOf('full', page, list, (a) => presentAuthorisation(a, now));
};
