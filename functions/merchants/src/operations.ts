import { merchantExample } from '@wattle/openapi/examples';
import { type ExamplesOf, list, type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { merchantSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'merchants'> = {
  'POST /1/merchants': {
    summary: 'Create a merchant (partner)',
    body: merchantSchema,
    answers: { 201: single(o.merchantSummaryObject) },
  },
  'GET /1/merchants': list("List the partner's merchants", o.merchantSummaryObject),
  'GET /1/merchants/default_settings': one('Get the default merchant settings', o.merchantSettingsObject),
  'GET /1/merchants/{merchant_token}': one('Get a merchant', o.merchantDetailObject),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'merchants'> = () => ({
  'POST /1/merchants': { body: merchantExample },
});
