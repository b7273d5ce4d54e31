import { getDispute, saveEvidence, submitEvidence } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { evidenceOf, presentDispute, presentEvidence } from '@wattle/wire';
import type { DisputesDeps } from './deps.ts';

export const getEvidenceRoute: RouteHandler<
  DisputesDeps,
  'GET /1/disputes/{dispute_token}/evidence'
> = async (request, deps) =>
  resource(200, presentEvidence(await getDispute(deps, scopeOf(request), request.params.dispute_token)));

/** PUT /disputes/{token}/evidence: the batch replaced, until it is submitted. */
export const putEvidenceRoute: RouteHandler<
  DisputesDeps,
  'PUT /1/disputes/{dispute_token}/evidence'
> = async (request, deps) => {
  const evidence = evidenceOf(request.body);
  const dispute = await saveEvidence(deps, scopeOf(request), request.params.dispute_token, evidence);
  return resource(200, presentEvidence(dispute));
};

/** POST /disputes/{token}/evidence: the batch submitted, once only. */
export const submitEvidenceRoute: RouteHandler<
  DisputesDeps,
  'POST /1/disputes/{dispute_token}/evidence'
> = async (request, deps) => {
  const dispute = await submitEvidence(deps, scopeOf(request), request.params.dispute_token);
  return resource(200, presentDispute(dispute, deps.clock.now()));
};
