import { presentRefund } from '@wattle/domain';
import { createRefund, getRefund, listChargeRefunds, listRefunds } from '@wattle/flows';
import { integer, listOf, pageOf, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import * as v from 'valibot';

const refundSchema = v.object({ amount: v.optional(integer()) });

/** POST /charges/{token}/refunds: 201 Pending refund of `amount` (default: what is left). */
export const refundCharge: RouteHandler = async (request, deps) => {
  const { amount } = validate(refundSchema, request.body);
  const refund = await createRefund(deps, scopeOf(request), request.params.charge_token!, amount);
  return resource(201, presentRefund(refund));
};

/** GET /charges/{token}/refunds: the charge's refunds, full pagination. */
export const listChargeRefundsRoute: RouteHandler = async (request, deps) => {
  const page = pageOf(request.query);
  const refunds = await listChargeRefunds(deps, scopeOf(request), request.params.charge_token!, page);
  return listOf('full', page, refunds, presentRefund);
};

export const listRefundsRoute: RouteHandler = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listRefunds(deps, scopeOf(request), page), presentRefund);
};

export const getRefundRoute: RouteHandler = async (request, deps) =>
  resource(200, presentRefund(await getRefund(deps, scopeOf(request), request.params.refund_token!)));
