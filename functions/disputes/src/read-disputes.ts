import { countDisputes, getDispute, listDisputes } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { disputeFilterOf, disputeOrderOf, presentDispute, presentDisputeActivity } from '@wattle/wire';
import type { DisputesDeps } from './deps.ts';

/** GET /disputes: full pagination, sorted by `sort` in `direction`. */
export const listDisputesRoute: RouteHandler<DisputesDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const disputes = await listDisputes(deps, scopeOf(request), disputeOrderOf(request.query), page);
  return listOf('full', page, disputes, (d) => presentDispute(d, deps.clock.now()));
};

/** HEAD /disputes: no body, the number of disputes in X-Total-Count. */
export const countDisputesRoute: RouteHandler<DisputesDeps> = async (request, deps) => ({
  status: 200,
  headers: { 'X-Total-Count': String(await countDisputes(deps, scopeOf(request))) },
});

/** GET /disputes/search: `query` and `status` filter, then sorted and paged as the list. */
export const searchDisputesRoute: RouteHandler<DisputesDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  const order = disputeOrderOf(request.query);
  const filter = disputeFilterOf(request.query);
  const disputes = await listDisputes(deps, scopeOf(request), order, page, filter);
  return listOf('full', page, disputes, (d) => presentDispute(d, deps.clock.now()));
};

export const getDisputeRoute: RouteHandler<DisputesDeps, 'GET /1/disputes/{dispute_token}'> = async (
  request,
  deps,
) =>
  resource(
    200,
    presentDispute(await getDispute(deps, scopeOf(request), request.params.dispute_token), deps.clock.now()),
  );

export const disputeActivityRoute: RouteHandler<
  DisputesDeps,
  'GET /1/disputes/{dispute_token}/activity'
> = async (request, deps) =>
  resource(
    200,
    presentDisputeActivity(await getDispute(deps, scopeOf(request), request.params.dispute_token)),
  );
