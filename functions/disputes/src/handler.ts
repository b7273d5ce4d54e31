import { apiHandler } from '@wattle/http';
import { acceptDisputeRoute } from './accept-dispute.ts';
import { disputesDeps } from './deps.ts';
import { getEvidenceRoute, putEvidenceRoute, submitEvidenceRoute } from './dispute-evidence.ts';
import {
  countDisputesRoute,
  disputeActivityRoute,
  getDisputeRoute,
  listDisputesRoute,
  searchDisputesRoute,
} from './read-disputes.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('disputes', routes, disputesDeps, {
  'GET /1/disputes': listDisputesRoute,
  'HEAD /1/disputes': countDisputesRoute,
  'GET /1/disputes/search': searchDisputesRoute,
  'GET /1/disputes/{dispute_token}': getDisputeRoute,
  'GET /1/disputes/{dispute_token}/activity': disputeActivityRoute,
  'GET /1/disputes/{dispute_token}/evidence': getEvidenceRoute,
  'PUT /1/disputes/{dispute_token}/evidence': putEvidenceRoute,
  'POST /1/disputes/{dispute_token}/evidence': submitEvidenceRoute,
  'POST /1/disputes/{dispute_token}/accept': acceptDisputeRoute,
});
