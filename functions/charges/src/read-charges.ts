import { type Payment, PinError, presentCharge } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import { searchSchema } from './schemas.ts';

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

/** The most charges one search reads; narrow it with start_date and end_date past that. */
export const searchLimit = 10_000;

const matches = (charge: Payment, query: string): boolean =>
  query === '' ||
  charge.description.toLowerCase().includes(query.toLowerCase()) ||
  (/^\d+$/.test(query) && charge.amount === Number(query));

/**
 * GET /charges/search: description containing `query` or amount equal to it, created in
 * [start_date, end_date), sorted by created_at or amount, either direction; full pagination.
 */
export const searchCharges: RouteHandler = async (request, { store, clock }) => {
  const input = validate(searchSchema, request.query);
  const page = pageOf(request.query);
  const found = (
    await store.payments.chargesBetween(
      scopeOf(request),
      input.start_date ?? null,
      input.end_date ?? null,
      searchLimit,
    )
  ).filter((charge) => matches(charge, input.query));
  const sign = input.direction === '1' ? 1 : -1;
  // The index gives newest first; a stable sort keeps that order among equal amounts.
  const ordered = found
    .reverse()
    .sort((a, b) =>
      input.sort === 'amount' ? sign * (a.amount - b.amount) : sign * a.createdAt.localeCompare(b.createdAt),
    );
  const start = (page - 1) * 25;
  const now = clock.now();
  return listOf('full', page, { items: ordered.slice(start, start + 25), total: ordered.length }, (c) =>
    presentCharge(c, now),
  );
};
