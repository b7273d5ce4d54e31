import { type ExamplesOf, list, type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { refundSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'refunds'> = {
  'POST /1/charges/{charge_token}/refunds': {
    summary: 'Refund a charge',
    body: refundSchema,
    answers: { 201: single(o.refundObject) },
  },
  'GET /1/charges/{charge_token}/refunds': list("List a charge's refunds", o.refundObject),
  'GET /1/refunds': list('List refunds', o.refundObject),
  'GET /1/refunds/{refund_token}': one('Get a refund', o.refundObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'refunds'> = () => ({
  'POST /1/charges/{charge_token}/refunds': { body: { amount: 1000 } },
});
