import { cardExample, chargeExample, searchExample } from '@wattle/openapi/examples';
import {
  anyEnvironment,
  anyNow,
  type ExamplesOf,
  list,
  type OperationsOf,
  one,
  search,
} from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { captureSchema, createChargeSchema, single } from '@wattle/wire';
import * as v from 'valibot';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'charges'> = {
  'POST /1/charges': {
    summary: 'Create a charge',
    body: createChargeSchema(anyNow, anyEnvironment),
    // 202: the payer must pass 3-D Secure, or the charge is Pending while the processor's answer is unknown.
    answers: {
      201: single(o.chargeObject),
      202: single(v.union([o.threeDSecureRedirectObject, o.chargeObject])),
    },
  },
  'GET /1/charges': list('List charges', o.chargeObject),
  'GET /1/charges/search': search('Search charges', o.chargeObject),
  'GET /1/charges/verify': {
    summary: 'Get the charge of a 3-D Secure session (live)',
    query: v.object({ session_token: v.string() }),
    answers: { 200: single(o.chargeObject) },
  },
  'GET /1/charges/{charge_token}': one('Get a charge', o.chargeObject),
  'PUT /1/charges/{charge_token}/void': one('Void an authorised charge', o.chargeObject),
  'PUT /1/charges/{charge_token}/capture': {
    summary: 'Capture an authorised charge',
    body: captureSchema,
    answers: { 201: single(o.chargeObject) },
  },
  'GET /1/three_d_secure/{session_token}': {
    summary: "The simulated issuer's 3-D Secure page (for the payer's browser)",
    answers: { 200: 'html' },
  },
  'POST /1/three_d_secure/{session_token}': {
    summary: "The payer's 3-D Secure answer; back to the callback URL",
    body: v.object({ result: v.picklist(['authenticated', 'failed']) }),
    answers: { 303: 'redirect' },
  },
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'charges'> = () => ({
  'POST /1/charges': { body: { ...chargeExample, card: cardExample } },
  'GET /1/charges/search': searchExample,
  'GET /1/charges/verify': { query: { session_token: 'se_w4Nj8Vs1Kq5Hz2Lm9Pb6Xc' } },
  'PUT /1/charges/{charge_token}/capture': { body: { amount: 4000 } },
  'POST /1/three_d_secure/{session_token}': { body: { result: 'authenticated' } },
});
