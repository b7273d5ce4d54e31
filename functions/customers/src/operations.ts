import { cardExample, customerExample } from '@wattle/openapi/examples';
import {
  anyEnvironment,
  anyNow,
  type ExamplesOf,
  list,
  type OperationsOf,
  one,
} from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import {
  cardInputSchema,
  cardTokenSchema,
  createCustomerSchema,
  paymentSourceTokenSchema,
  single,
  updateCustomerSchema,
  withIpAddress,
} from '@wattle/wire';
import * as v from 'valibot';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'customers'> = {
  'POST /1/customers': {
    summary: 'Create a customer',
    body: createCustomerSchema(anyNow, anyEnvironment),
    answers: { 201: single(o.customerObject) },
  },
  'GET /1/customers': list('List customers', o.customerObject),
  'GET /1/customers/{customer_token}': one('Get a customer', o.customerObject),
  'PUT /1/customers/{customer_token}': {
    summary: 'Update a customer',
    body: updateCustomerSchema(anyNow, anyEnvironment),
    answers: { 200: single(o.customerObject) },
  },
  'DELETE /1/customers/{customer_token}': { summary: 'Delete a customer', answers: { 204: 'no-content' } },
  'GET /1/customers/{customer_token}/charges': list("List a customer's charges", o.chargeObject),
  'GET /1/customers/{customer_token}/cards': list("List a customer's cards", o.cardObject),
  'POST /1/customers/{customer_token}/cards': {
    summary: 'Add a card to a customer',
    body: v.union([cardInputSchema(anyNow, anyEnvironment), cardTokenSchema, paymentSourceTokenSchema]),
    answers: { 201: withIpAddress(o.cardObject) },
  },
  'DELETE /1/customers/{customer_token}/cards/{card_token}': {
    summary: "Delete a customer's card",
    answers: { 204: 'no-content' },
  },
  'GET /1/customers/{customer_token}/subscriptions': list(
    "List a customer's subscriptions",
    o.subscriptionObject,
  ),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'customers'> = () => ({
  'POST /1/customers': { body: { ...customerExample, card: cardExample } },
  'PUT /1/customers/{customer_token}': { body: { notes: 'Prefers email receipts; VIP' } },
  'POST /1/customers/{customer_token}/cards': { body: cardExample },
});
