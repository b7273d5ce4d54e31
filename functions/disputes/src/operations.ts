import { type ExamplesOf, type OperationsOf, one, page } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { disputeFilterSchema, disputeOrderSchema, evidenceSchema, fullList, single } from '@wattle/wire';
import * as v from 'valibot';

/** GET /disputes and its search: sorted by `sort` in `direction`, the search filtered too. */
const disputeList = v.object({ ...disputeOrderSchema.entries, ...page.entries });
const disputeSearch = v.object({ ...disputeFilterSchema.entries, ...disputeList.entries });

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'disputes'> = {
  'GET /1/disputes': {
    summary: 'List disputes',
    query: disputeList,
    answers: { 200: fullList(o.disputeObject) },
  },
  'HEAD /1/disputes': { summary: 'Count disputes', answers: { 200: 'count' } },
  'GET /1/disputes/search': {
    summary: 'Search disputes',
    query: disputeSearch,
    answers: { 200: fullList(o.disputeObject) },
  },
  'GET /1/disputes/{dispute_token}': one('Get a dispute', o.disputeObject),
  'GET /1/disputes/{dispute_token}/activity': one(
    "List a dispute's activity, oldest first",
    v.array(o.disputeActivityObject),
  ),
  'GET /1/disputes/{dispute_token}/evidence': one("Get a dispute's evidence", o.disputeEvidenceObject),
  'PUT /1/disputes/{dispute_token}/evidence': {
    summary: "Replace a dispute's evidence (until it is submitted)",
    body: evidenceSchema,
    answers: { 200: single(o.disputeEvidenceObject) },
  },
  'POST /1/disputes/{dispute_token}/evidence': one("Submit a dispute's evidence", o.disputeObject),
  'POST /1/disputes/{dispute_token}/accept': one('Accept a dispute', o.disputeObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'disputes'> = (tokens) => ({
  'GET /1/disputes': { query: { sort: 'received_at', direction: '-1' } },
  'GET /1/disputes/search': { query: { query: 'roland@example.com', status: 'evidence_required' } },
  'PUT /1/disputes/{dispute_token}/evidence': {
    body: { proof_of_delivery: tokens.file, customer_communication: 'Tracking: AB123456789AU' },
  },
});
