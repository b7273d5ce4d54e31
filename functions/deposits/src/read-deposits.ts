import { getDeposit, listDeposits } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentDeposit } from '@wattle/wire';
import type { DepositsDeps } from './deps.ts';

/** GET /deposits (docs/api/cookbook/deposits.md): newest first, Pin's full pagination. */
export const listDepositsRoute: RouteHandler<DepositsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listDeposits(deps, scopeOf(request), page), presentDeposit);
};

export const getDepositRoute: RouteHandler<DepositsDeps, 'GET /1/deposits/{deposit_token}'> = async (
  request,
  deps,
) => resource(200, presentDeposit(await getDeposit(deps, scopeOf(request), request.params.deposit_token)));
