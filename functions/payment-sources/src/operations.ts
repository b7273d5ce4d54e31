import { cardExample } from '@wattle/openapi/examples';
import {
  anyEnvironment,
  anyNow,
  type ExamplesOf,
  type OperationsOf,
  one,
  tokenExamples,
  tokenOperations,
} from '@wattle/openapi/operation';
import { paymentSourceInputSchema, paymentSourceObject } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'payment-sources'> = {
  ...tokenOperations(
    '/1/payment_sources',
    'Create a payment source',
    paymentSourceInputSchema(anyNow, anyEnvironment),
    paymentSourceObject,
  ),
  'GET /1/payment_sources/{payment_source_token}': one('Get a payment source', paymentSourceObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'payment-sources'> = () =>
  tokenExamples('/1/payment_sources', { type: 'card', source: cardExample });
