import { applePayDomainExample } from '@wattle/openapi/examples';
import { type ExamplesOf, list, type OperationsOf } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { createSessionSchema, hostCheckSchema, registerDomainSchema, single } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'apple-pay'> = {
  'POST /1/apple_pay/domains': {
    summary: 'Register an Apple Pay domain',
    body: registerDomainSchema,
    answers: { 201: single(o.applePayDomainObject) },
  },
  'GET /1/apple_pay/domains': list('List Apple Pay domains', o.applePayDomainObject),
  'DELETE /1/apple_pay/domains/{apple_pay_domain_token}': {
    summary: 'Delete an Apple Pay domain',
    answers: { 204: 'no-content' },
  },
  'GET /1/apple_pay/host_check': {
    summary: 'Check whether a domain is registered for Apple Pay',
    query: hostCheckSchema,
    answers: { 200: single(o.applePayHostCheckObject) },
  },
  'POST /1/apple_pay/sessions': {
    summary: 'Create an Apple Pay merchant session (simulated)',
    body: createSessionSchema,
    answers: { 201: single(o.applePaySessionObject) },
  },
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'apple-pay'> = () => ({
  'POST /1/apple_pay/domains': { body: { domain_name: applePayDomainExample } },
  'GET /1/apple_pay/host_check': { query: { domain_name: applePayDomainExample } },
  'POST /1/apple_pay/sessions': {
    body: {
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      initiative: 'web',
      initiative_context: applePayDomainExample,
    },
  },
});
