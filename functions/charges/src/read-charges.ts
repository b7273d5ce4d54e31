import { PinError, presentCharge } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf, search } from '@wattle/http';

export const getCharge: RouteHandler = async (request, { store, clock }) => {
  const charge = await store.payments.get(scopeOf(request), request.params.charge_token!);
  if (charge?.kind !== 'charge') throw new PinError('not_found');
  return resource(200, presentCharge(charge, clock.now()));
};

export const listCharges: RouteHandler = async (request, { store, clock }) => {
  const page = pageOf(request.query);
  const now = clock.now();
  return listOf('full', page, await store.payments.list(scopeOf(request), 'charge', page), (c) =>
    presentCharge(c, now),
  );
};

/**
 * GET /charges/search: description containing `query` or amount equal to it, created in
 * [start_date, end_date), sorted by created_at or amount, either direction; full pagination.
 */
export const searchCharges: RouteHandler = async (request, { store, clock }) => {
  const scope = scopeOf(request);
  const { page, ...found } = await search(request.query, (from, to, limit) =>
    store.payments.chargesBetween(scope, from, to, limit),
  );
  const now = clock.now();
  return listOf('full', page, found, (c) => presentCharge(c, now));
};
