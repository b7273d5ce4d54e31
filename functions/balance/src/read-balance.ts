import { readBalance } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentBalance } from '@wattle/wire';
import type { BalanceDeps } from './deps.ts';

/** GET /balance: available and pending, per currency, by the clock's now. */
export const readBalanceRoute: RouteHandler<BalanceDeps> = async (request, deps) =>
  resource(200, presentBalance(await readBalance(deps, scopeOf(request))));
