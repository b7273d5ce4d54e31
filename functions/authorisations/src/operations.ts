import { chargeExample } from '@wattle/openapi/examples';
import {
  anyEnvironment,
  anyNow,
  type ExamplesOf,
  list,
  type OperationsOf,
  one,
} from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { captureAuthorisationSchema, createAuthorisationSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'authorisations'> = {
  'POST /1/authorisations': {
    summary: 'Create an authorisation',
    body: createAuthorisationSchema(anyNow, anyEnvironment),
    // 202: Pending while the processor's answer is unknown.
    answers: { 201: single(o.authorisationObject), 202: single(o.authorisationObject) },
  },
  'GET /1/authorisations': list('List authorisations', o.authorisationObject),
  'GET /1/authorisations/{auth_token}': one('Get an authorisation', o.authorisationObject),
  'PUT /1/authorisations/{auth_token}/void': one('Void an authorisation', o.authorisationObject),
  'POST /1/authorisations/{auth_token}/charges': {
    summary: 'Capture an authorisation as a charge',
    body: captureAuthorisationSchema('AUD'),
    answers: { 200: single(o.chargeObject) },
  },
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'authorisations'> = (tokens) => ({
  'POST /1/authorisations': {
    body: { ...chargeExample, description: 'Hotel deposit', card_token: tokens.card },
  },
  'POST /1/authorisations/{auth_token}/charges': { body: { amount: 4000, currency: 'AUD' } },
});
