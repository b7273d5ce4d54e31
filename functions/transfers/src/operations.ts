import { searchExample } from '@wattle/openapi/examples';
import { type ExamplesOf, list, type OperationsOf, one, search } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { createTransferSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'transfers'> = {
  'POST /1/transfers': {
    summary: 'Create a transfer',
    body: createTransferSchema,
    answers: { 201: single(o.transferObject) },
  },
  'GET /1/transfers': list('List transfers', o.transferObject),
  'GET /1/transfers/search': search('Search transfers', o.transferObject),
  'GET /1/transfers/{transfer_token}': one('Get a transfer', o.transferObject),
  'GET /1/transfers/{transfer_token}/line_items': list("List a transfer's line items", o.lineItemObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'transfers'> = (tokens) => ({
  'POST /1/transfers': {
    body: {
      description: 'Earnings for November',
      amount: 10000,
      currency: 'AUD',
      recipient: tokens.recipient,
    },
  },
  'GET /1/transfers/search': searchExample,
});
