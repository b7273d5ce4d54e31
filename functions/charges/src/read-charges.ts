import { chargesCreatedBetween, getPayment, listPayments } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf, search } from '@wattle/http';
import { presentCharge } from '@wattle/wire';
import type { ChargesDeps } from './deps.ts';

export const getCharge: RouteHandler<ChargesDeps, 'GET /1/charges/{charge_token}'> = async (
  request,
  deps,
) => {
  const charge = await getPayment(deps, scopeOf(request), 'charge', request.params.charge_token);
  return resource(200, presentCharge(charge, deps.clock.now()));
};

export const listCharges: RouteHandler<ChargesDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const charges = await listPayments(deps, scopeOf(request), 'charge', page);
  const now = deps.clock.now();
  return listOf('full', page, charges, (c) => presentCharge(c, now));
};

/**
 * GET /charges/search: description or payer's e-mail containing `query` (as Pin matches), or
 * amount equal to it, created in [start_date, end_date), sorted by created_at or amount, either
 * direction; full pagination.
 */
export const searchCharges: RouteHandler<ChargesDeps> = async (request, deps) => {
  const scope = scopeOf(request);
  const { page, ...found } = await search(
    request.query,
    (from, to, limit) => chargesCreatedBetween(deps, scope, from, to, limit),
    (charge) => [charge.description, charge.email],
  );
  const now = deps.clock.now();
  return listOf('full', page, found, (c) => presentCharge(c, now));
};
