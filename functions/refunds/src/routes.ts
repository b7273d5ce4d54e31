import { PinError, presentRefund } from '@wattle/domain';
import { integer, listOf, pageOf, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import { createRefund } from '@wattle/payments';
import * as v from 'valibot';

const refundSchema = v.object({ amount: v.optional(integer()) });

/** POST /charges/{token}/refunds: 201 Pending refund of `amount` (default: what is left). */
export const refundCharge: RouteHandler = async (request, deps) => {
  const { amount } = validate(refundSchema, request.body);
  const refund = await createRefund(deps, scopeOf(request), request.params.charge_token!, amount);
  return resource(201, presentRefund(refund));
};

/** GET /charges/{token}/refunds: the charge's refunds, full pagination. */
export const listChargeRefunds: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const charge = await store.payments.get(scope, request.params.charge_token!);
  if (charge?.kind !== 'charge') throw new PinError('not_found');
  const page = pageOf(request.query);
  return listOf('full', page, await store.refunds.listForCharge(scope, charge.token, page), presentRefund);
};

export const listRefunds: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('full', page, await store.refunds.list(scopeOf(request), page), presentRefund);
};

export const getRefund: RouteHandler = async (request, { store }) => {
  const refund = await store.refunds.get(scopeOf(request), request.params.refund_token!);
  if (!refund) throw new PinError('not_found');
  return resource(200, presentRefund(refund));
};
