import { getRefund, listChargeRefunds, listRefunds } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentRefund } from '@wattle/wire';
import type { RefundsDeps } from './deps.ts';

/** GET /charges/{token}/refunds: the charge's refunds, full pagination. */
export const listChargeRefundsRoute: RouteHandler<
  RefundsDeps,
  'GET /1/charges/{charge_token}/refunds'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const refunds = await listChargeRefunds(deps, scopeOf(request), request.params.charge_token, page);
  return listOf('full', page, refunds, presentRefund);
};

export const listRefundsRoute: RouteHandler<RefundsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listRefunds(deps, scopeOf(request), page), presentRefund);
};

export const getRefundRoute: RouteHandler<RefundsDeps, 'GET /1/refunds/{refund_token}'> = async (
  request,
  deps,
) => resource(200, presentRefund(await getRefund(deps, scopeOf(request), request.params.refund_token)));
