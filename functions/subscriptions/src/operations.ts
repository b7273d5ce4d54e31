import { type ExamplesOf, type OperationsOf, one, shortPagedWithCount } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';
import {
  createSubscriptionSchema,
  reactivateSubscriptionSchema,
  single,
  updateSubscriptionSchema,
} from '@wattle/wire';
import * as v from 'valibot';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'subscriptions'> = {
  'POST /1/subscriptions': {
    summary: 'Create a subscription',
    body: createSubscriptionSchema,
    answers: { 201: single(o.subscriptionObject) },
  },
  'GET /1/subscriptions': shortPagedWithCount('List subscriptions', o.subscriptionObject),
  'GET /1/subscriptions/{sub_token}': one('Get a subscription', o.subscriptionObject),
  'PUT /1/subscriptions/{sub_token}': {
    summary: "Change a subscription's card",
    body: updateSubscriptionSchema,
    answers: { 200: single(o.subscriptionObject) },
  },
  'DELETE /1/subscriptions/{sub_token}': one('Cancel a subscription', o.subscriptionObject),
  'PUT /1/subscriptions/{sub_token}/reactivate': {
    summary: 'Reactivate a subscription',
    body: reactivateSubscriptionSchema,
    answers: { 200: single(o.subscriptionObject) },
  },
  'GET /1/subscriptions/{sub_token}/ledger': shortPagedWithCount(
    "List a subscription's ledger",
    o.ledgerEntryObject,
  ),
  'POST /1/subscriptions/{sub_token}/self_service_link': one(
    "Create a link to the customer's self-service page",
    o.selfServiceLinkObject,
    201,
  ),
  'GET /1/subscription_self_service': {
    summary: "The customer's self-service page (for the customer's browser)",
    query: v.object({ link: v.string() }),
    answers: { 200: 'html' },
  },
  'POST /1/subscription_self_service': {
    summary: 'Cancel from the self-service page',
    body: v.object({ link: v.string(), action: v.optional(v.literal('cancel')) }),
    answers: { 200: 'html' },
  },
  'DELETE /1/customers/{customer_token}/subscriptions/{sub_token}': one(
    "Cancel a customer's subscription",
    o.subscriptionObject,
  ),
};

/** The request samples of those of its routes that take a body or a query beyond `page`. */
export const examples: ExamplesOf<'subscriptions'> = (tokens) => ({
  'POST /1/subscriptions': {
    body: { plan_token: tokens.plan, customer_token: tokens.customer, include_setup_fee: false },
  },
  'PUT /1/subscriptions/{sub_token}': { body: { card_token: tokens.card } },
  'PUT /1/subscriptions/{sub_token}/reactivate': { body: { include_setup_fee: false } },
  'GET /1/subscription_self_service': { query: { link: 'ssl_4kPz8Qm2Vx6Rb1Nc9Lw3Ty' } },
  'POST /1/subscription_self_service': { body: { link: 'ssl_4kPz8Qm2Vx6Rb1Nc9Lw3Ty', action: 'cancel' } },
});
