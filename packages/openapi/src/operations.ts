import type { FunctionName, RouteKeyOf } from '@wattle/routes';
import * as o from '@wattle/wire';
import {
  bankAccountSchema,
  captureAuthorisationSchema,
  captureSchema,
  cardInputSchema,
  cardTokenSchema,
  createAuthorisationSchema,
  createChargeSchema,
  createCustomerSchema,
  createPlanSchema,
  createRecipientSchema,
  createSessionSchema,
  createSubscriptionSchema,
  createTransferSchema,
  createWebhookEndpointSchema,
  disputeFilterSchema,
  disputeOrderSchema,
  evidenceSchema,
  fullList,
  hostCheckSchema,
  merchantSchema,
  paymentSourceInputSchema,
  paymentSourceTokenSchema,
  reactivateSubscriptionSchema,
  refundSchema,
  registerDomainSchema,
  searchSchema,
  shortList,
  shortListWithCount,
  single,
  subscribeToPlanSchema,
  updateCustomerSchema,
  updatePlanSchema,
  updateRecipientSchema,
  updateSubscriptionSchema,
  uploadSchema,
  withIpAddress,
} from '@wattle/wire';
import * as v from 'valibot';
import { entriesOf } from './entries.ts';

/**
 * The documentation of each route of the table (packages/routes), by its route key: what it
 * does, what it takes and what it answers on success. The errors every route shares (401, 404,
 * 422 and Pin's error body for any other status) are added by the document builder from the route
 * itself. `tsc` fails while a route of the table has no entry here.
 */

/** A success answer: a JSON body's schema, or a body that is not JSON (`count`: HEAD's X-Total-Count). */
export type Answer = v.GenericSchema | 'no-content' | 'count' | 'html' | 'redirect' | 'jsonp';

export interface Operation {
  summary: string;
  /** The request body, taken as form fields or as JSON; the fields of the parts when the route's body is multipart. */
  body?: v.GenericSchema;
  /** The query parameters (an object schema, one parameter per key). */
  query?: v.GenericSchema;
  /** The success answers by status. */
  answers: Record<number, Answer>;
}

/**
 * Every route key of Pin's API in the table: `"GET /1/charges/{charge_token}"` (the processor's
 * notifications are no part of it).
 */
export type RouteKey = RouteKeyOf<Exclude<FunctionName, 'processor-notifications'>>;

/**
 * The request schemas that check against the clock read it only in their checks, which the
 * document leaves out (a card's expiry); any date makes the same document.
 */
const anyNow = new Date(0);
/** The environment the schemas are built for: only a check's text depends on it, which the document does not show. */
const anyEnvironment = 'test';

const page = v.object({ page: v.optional(v.pipe(v.string(), v.description('1-based page of 25 items.'))) });

/** A JSONP request (Pin.js): the fields of the POST it stands for, in the query string. */
const jsonp = (fields: v.GenericSchema) =>
  v.object({
    callback: v.pipe(v.string(), v.description('The JavaScript function the answer calls.')),
    _method: v.literal('POST'),
    publishable_api_key: v.optional(v.string()),
    ...entriesOf(fields),
  });

const cardToken = {
  summary: 'Create a card token',
  body: cardInputSchema(anyNow, anyEnvironment),
  answers: { 201: withIpAddress(o.cardObject) },
} satisfies Operation;
const cardTokenJsonp = {
  summary: 'Create a card token (JSONP)',
  query: jsonp(cardInputSchema(anyNow, anyEnvironment)),
  answers: { 200: 'jsonp' },
} satisfies Operation;
const paymentSource = {
  summary: 'Create a payment source',
  body: paymentSourceInputSchema(anyNow, anyEnvironment),
  answers: { 201: withIpAddress(o.paymentSourceObject) },
} satisfies Operation;
const paymentSourceJsonp = {
  summary: 'Create a payment source (JSONP)',
  query: jsonp(paymentSourceInputSchema(anyNow, anyEnvironment)),
  answers: { 200: 'jsonp' },
} satisfies Operation;
const bankAccount = {
  summary: 'Create a bank account token',
  body: bankAccountSchema,
  answers: { 201: withIpAddress(o.bankAccountObject) },
} satisfies Operation;
const bankAccountJsonp = {
  summary: 'Create a bank account token (JSONP)',
  query: jsonp(bankAccountSchema),
  answers: { 200: 'jsonp' },
} satisfies Operation;

const list = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: fullList(item) },
});
const shortPaged = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: shortList(item) },
});
const shortPagedWithCount = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: page,
  answers: { 200: shortListWithCount(item) },
});
const one = (summary: string, object: v.GenericSchema, status = 200): Operation => ({
  summary,
  answers: { [status]: single(object) },
});
const search = (summary: string, item: v.GenericSchema): Operation => ({
  summary,
  query: searchSchema,
  answers: { 200: fullList(item) },
});

/** GET /disputes and its search: sorted by `sort` in `direction`, the search filtered too. */
const disputeList = v.object({ ...disputeOrderSchema.entries, ...page.entries });
const disputeSearch = v.object({ ...disputeFilterSchema.entries, ...disputeList.entries });

export const operations = {
  'POST /1/cards': cardToken,
  'POST /1/cards.json': cardToken,
  'GET /1/cards.json': cardTokenJsonp,
  'GET /1/cards': cardTokenJsonp,

  'POST /1/payment_sources': paymentSource,
  'POST /1/payment_sources.json': paymentSource,
  'GET /1/payment_sources.json': paymentSourceJsonp,
  'GET /1/payment_sources': paymentSourceJsonp,
  'GET /1/payment_sources/{payment_source_token}': one('Get a payment source', o.paymentSourceObject),

  'POST /1/bank_accounts': bankAccount,
  'POST /1/bank_accounts.json': bankAccount,
  'GET /1/bank_accounts.json': bankAccountJsonp,
  'GET /1/bank_accounts': bankAccountJsonp,

  'POST /1/merchants': {
    summary: 'Create a merchant (partner)',
    body: merchantSchema,
    answers: { 201: single(o.merchantSummaryObject) },
  },
  'GET /1/merchants': list("List the partner's merchants", o.merchantSummaryObject),
  'GET /1/merchants/default_settings': one('Get the default merchant settings', o.merchantSettingsObject),
  'GET /1/merchants/{merchant_token}': one('Get a merchant', o.merchantDetailObject),

  'GET /1/balance': one('Get the balance', o.balanceObject),

  'POST /1/recipients': {
    summary: 'Create a recipient',
    body: createRecipientSchema,
    answers: { 201: single(o.recipientObject) },
  },
  'GET /1/recipients': list('List recipients', o.recipientObject),
  'GET /1/recipients/{recipient_token}': one('Get a recipient', o.recipientObject),
  'PUT /1/recipients/{recipient_token}': {
    summary: 'Update a recipient',
    body: updateRecipientSchema,
    answers: { 200: single(o.recipientObject) },
  },
  'DELETE /1/recipients/{recipient_token}': { summary: 'Delete a recipient', answers: { 204: 'no-content' } },
  'GET /1/recipients/{recipient_token}/transfers': list("List a recipient's transfers", o.transferObject),

  'POST /1/transfers': {
    summary: 'Create a transfer',
    body: createTransferSchema,
    answers: { 201: single(o.transferObject) },
  },
  'GET /1/transfers': list('List transfers', o.transferObject),
  'GET /1/transfers/search': search('Search transfers', o.transferObject),
  'GET /1/transfers/{transfer_token}': one('Get a transfer', o.transferObject),
  'GET /1/transfers/{transfer_token}/line_items': list("List a transfer's line items", o.lineItemObject),

  'GET /1/deposits': list('List deposits', o.depositObject),
  'GET /1/deposits/{deposit_token}': one('Get a deposit', o.depositObject),

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

  'POST /1/webhook_endpoints': {
    summary: 'Create a webhook endpoint',
    body: createWebhookEndpointSchema,
    answers: { 201: single(o.webhookEndpointObject) },
  },
  'GET /1/webhook_endpoints': shortPaged('List webhook endpoints', o.webhookEndpointObject),
  'GET /1/webhook_endpoints/{webhook_endpoint_token}': one('Get a webhook endpoint', o.webhookEndpointObject),
  'DELETE /1/webhook_endpoints/{webhook_endpoint_token}': {
    summary: 'Delete a webhook endpoint',
    answers: { 204: 'no-content' },
  },
  'GET /1/webhooks': shortPaged('List webhooks', o.webhookObject),
  'GET /1/webhooks/{webhook_token}': one('Get a webhook', o.webhookObject),
  'PUT /1/webhooks/{webhook_token}/replay': one('Replay a webhook', o.webhookObject),
  'GET /1/events': shortPaged('List events', o.eventObject),
  'GET /1/events/{event_token}': one('Get an event', o.eventObject),

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

  'POST /1/charges/{charge_token}/refunds': {
    summary: 'Refund a charge',
    body: refundSchema,
    answers: { 201: single(o.refundObject) },
  },
  'GET /1/charges/{charge_token}/refunds': list("List a charge's refunds", o.refundObject),
  'GET /1/refunds': list('List refunds', o.refundObject),
  'GET /1/refunds/{refund_token}': one('Get a refund', o.refundObject),

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

  'GET /1/disputes': {
    summary: 'List disputes',
    query: disputeList,
    answers: { 200: fullList(o.disputeObject) },
  },
  'HEAD /1/disputes': { summary: 'Count disputes', answers: { 200: 'count' } },
  'GET /1/disputes/search': {
    summary: 'Search disputes',
    query: disputeSearch,
    answers: { 200: fullList(o.disputeObject) },
  },
  'GET /1/disputes/{dispute_token}': one('Get a dispute', o.disputeObject),
  'GET /1/disputes/{dispute_token}/activity': one(
    "List a dispute's activity, oldest first",
    v.array(o.disputeActivityObject),
  ),
  'GET /1/disputes/{dispute_token}/evidence': one("Get a dispute's evidence", o.disputeEvidenceObject),
  'PUT /1/disputes/{dispute_token}/evidence': {
    summary: "Replace a dispute's evidence (until it is submitted)",
    body: evidenceSchema,
    answers: { 200: single(o.disputeEvidenceObject) },
  },
  'POST /1/disputes/{dispute_token}/evidence': one("Submit a dispute's evidence", o.disputeObject),
  'POST /1/disputes/{dispute_token}/accept': one('Accept a dispute', o.disputeObject),

  'POST /1/files': {
    summary: 'Upload a file (dispute evidence)',
    body: uploadSchema,
    answers: { 200: single(o.fileObject) },
  },
  'GET /1/files/{file_token}': one('Get a file, with a fresh download URL', o.fileObject),
  'DELETE /1/files/{file_token}': { summary: 'Delete a file', answers: { 204: 'no-content' } },

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
} satisfies Record<RouteKey, Operation>;
