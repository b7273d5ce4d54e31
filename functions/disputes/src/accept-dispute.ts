import { acceptDispute } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentDispute } from '@wattle/wire';
import type { DisputesDeps } from './deps.ts';

export const acceptDisputeRoute: RouteHandler<
  DisputesDeps,
  'POST /1/disputes/{dispute_token}/accept'
> = async (request, deps) => {
  const dispute = await acceptDispute(deps, scopeOf(request), request.params.dispute_token);
  return resource(200, presentDispute(dispute, deps.clock.now()));
};
