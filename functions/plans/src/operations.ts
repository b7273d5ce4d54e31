import { planExample } from '@wattle/openapi/examples';
import {
  type ExamplesOf,
  type OperationsOf,
  one,
  shortPaged,
  shortPagedWithCount,
} from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import { createPlanSchema, single, subscribeToPlanSchema, updatePlanSchema } from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'plans'> = {
  'POST /1/plans': {
    summary: 'Create a plan',
    body: createPlanSchema,
    answers: { 201: single(o.planObject) },
  },
  'GET /1/plans': shortPaged('List plans', o.planObject),
  'GET /1/plans/{plan_token}': one('Get a plan', o.planObject),
  'PUT /1/plans/{plan_token}': {
    summary: 'Update a plan',
    body: updatePlanSchema,
    answers: { 200: single(o.planObject) },
  },
  'DELETE /1/plans/{plan_token}': { summary: 'Delete a plan', answers: { 204: 'no-content' } },
  'POST /1/plans/{plan_token}/subscriptions': {
    summary: 'Subscribe a customer to a plan',
    body: subscribeToPlanSchema,
    answers: { 200: single(o.subscriptionObject) },
  },
  'GET /1/plans/{plan_token}/subscriptions': shortPagedWithCount(
    "List a plan's subscriptions",
    o.subscriptionObject,
  ),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'plans'> = (tokens) => ({
  'POST /1/plans': { body: planExample },
  'PUT /1/plans/{plan_token}': { body: { name: 'Coffee Plan (monthly)' } },
  'POST /1/plans/{plan_token}/subscriptions': {
    body: { customer_token: tokens.customer, include_setup_fee: false },
  },
});
