import {
  type ApplePayDomain,
  type BankAccount,
  type Card,
  type Customer,
  chargeFees,
  type Deposit,
  type Dispute,
  defaultMerchantSettings,
  type LedgerEntry,
  type Merchant,
  type MerchantSession,
  newBankAccount,
  newCard,
  type Payment,
  type PaymentSourceRecord,
  PinError,
  type Plan,
  perPage,
  type Recipient,
  type Refund,
  type StoredFile,
  type Subscription,
  type Transfer,
  unowned,
  type Webhook,
  type WebhookEndpoint,
} from '@wattle/domain';
import { toHttpError } from '@wattle/http';
import * as o from '@wattle/wire';
import {
  applicationOf,
  bankAccountSchema,
  cardInputSchema,
  type Envelope,
  envelopes,
  type MerchantKeys,
  merchantSchema,
  presentApplePayDomain,
  presentAuthorisation,
  presentBalance,
  presentBankAccount,
  presentCard,
  presentCharge,
  presentCustomer,
  presentDeposit,
  presentDispute,
  presentDisputeActivity,
  presentEvent,
  presentEvidence,
  presentFile,
  presentHostCheck,
  presentLedgerEntry,
  presentLineItem,
  presentMerchantDetail,
  presentMerchantSummary,
  presentPaymentSource,
  presentPlan,
  presentRecipient,
  presentRefund,
  presentSelfServiceLink,
  presentSubscription,
  presentThreeDSecureRedirect,
  presentTransfer,
  presentWebhook,
  presentWebhookEndpoint,
  validate,
} from '@wattle/wire';
import * as v from 'valibot';
import type { Operation } from './operation.ts';
import { bankAccountExample, cardExample, merchantExample, type RequestExample } from './request-examples.ts';

/**
 * The response samples of the document: realistic domain objects (one merchant's Tuesday), each
 * shown by the presenter the API answers with, so a sample cannot drift from what the API sends.
 * Every time is fixed: the document is the same on every build.
 */

/** The moment the samples are shown at. */
const now = new Date('2026-11-24T03:15:00Z');
const at = (iso: string) => `2026-11-${iso}Z`;

/** The request samples' card, through the API's own check (which names its fields) and stored. */
const card: Card = newCard(
  v.parse(cardInputSchema(now, 'test'), cardExample),
  'card_nytGw7koRg23EEp9NTmz9w',
  at('24T03:10:41'),
);

const customer: Customer = {
  token: 'cus_XZg1ULpWaROQCOT5PdwLkQ',
  email: 'roland@example.com',
  firstName: 'Roland',
  lastName: 'Robot',
  phoneNumber: '+61 8 9123 4567',
  company: 'Robot Industries Pty Ltd',
  notes: 'Prefers email receipts',
  createdAt: at('24T03:11:02'),
  primaryCard: card,
};
const customerCard = { customerToken: customer.token, primary: true };

const chargeAmount = 4_000;
const charge: Payment = {
  kind: 'charge',
  token: 'ch_lfUYEBK14zotCTykezJkfg',
  state: 'captured',
  captureOnSuccess: true,
  amount: chargeAmount,
  currency: 'AUD',
  description: 'Birthday present',
  email: customer.email,
  ipAddress: '203.0.113.41',
  reference: null,
  metadata: { order_number: '123456' },
  card,
  cardOwner: customerCard,
  customerToken: customer.token,
  createdAt: at('24T03:12:30'),
  decline: null,
  capturedAt: at('24T03:12:31'),
  voidedAt: null,
  expiresAt: null,
  authorisationToken: null,
  amountCaptured: chargeAmount,
  amountRefunded: 1_000,
  pendingRefunds: 0,
  totalFees: chargeFees(card, chargeAmount, 'AUD'),
  threeDSecure: null,
};

const authorisation: Payment = {
  ...charge,
  kind: 'authorisation',
  token: 'auth_S7BTxuBFkmHrQqeynEKOnA',
  state: 'authorised',
  captureOnSuccess: false,
  description: 'Hotel deposit',
  capturedAt: null,
  expiresAt: at('29T03:12:30'),
  amountCaptured: 0,
  amountRefunded: 0,
};

const refund: Refund = {
  token: 'rf_ERCQy--Ay6o-NKGiUVcKKA',
  chargeToken: charge.token,
  amount: 1_000,
  currency: 'AUD',
  createdAt: at('24T03:14:09'),
  state: 'succeeded',
  errorMessage: null,
};

const bankAccount: BankAccount = newBankAccount(
  v.parse(bankAccountSchema, bankAccountExample),
  'ba_nytGw7koRg23EEp9NTmz9w',
  at('20T01:00:00'),
);

const recipient: Recipient = {
  token: 'rp_a98a4fafROQCOT5PdwLkQ',
  name: 'Mr Roland Robot',
  email: 'roland@example.com',
  createdAt: at('20T01:00:00'),
  bankAccount,
};

const transfer: Transfer = {
  token: 'tfer_lfUYEBK14zotCTykezJkfg',
  status: 'succeeded',
  currency: 'AUD',
  description: 'Earnings for November',
  amount: 10_000,
  totalCredits: 10_100,
  totalDebits: 100,
  createdAt: at('23T23:00:00'),
  paidAt: at('24T00:00:00'),
  reference: 'Test Business',
  lineItemsCount: 2,
  bankAccount,
  recipient: recipient.token,
  creditsFrom: 0,
};

const deposit: Deposit = {
  token: 'dpo_SE9AJyDgWzCJAjxLmgn9pw',
  status: 'succeeded',
  amount: 3_827,
  currency: 'AUD',
  narration: 'Pin Payments 24Nov',
  createdAt: at('24T00:00:00'),
  availableAt: at('24T00:00:00'),
  bankAccount,
};

const paymentSource: PaymentSourceRecord = {
  token: 'ps_a1b2c3d4e5f6g7h8i9j0kL',
  type: 'card',
  card: { ...card, token: 'card_TmVMgyZNa4vHlXBQZ8SDqQ' },
  createdAt: at('24T03:10:55'),
};

const plan: Plan = {
  token: 'plan_ZyDee4HNeUHFHC4SpM2idg',
  name: 'Coffee Plan',
  amount: 1_000,
  currency: 'AUD',
  setupAmount: 0,
  trialAmount: 0,
  interval: 30,
  intervalUnit: 'day',
  intervals: 0,
  trialInterval: 7,
  trialIntervalUnit: 'day',
  createdAt: at('01T00:00:00'),
  customerPermissions: ['cancel'],
};

const subscription: Subscription = {
  token: 'sub_bZWXhTzHooKpk9FZjQfzqQ',
  state: 'active',
  planToken: plan.token,
  customerToken: customer.token,
  cardToken: card.token,
  createdAt: at('14T03:11:05'),
  nextBillingDate: at('30T03:11:05'),
  activeIntervalStartedAt: at('21T03:11:05'),
  activeIntervalFinishesAt: at('30T03:11:05'),
  cancelledAt: null,
  terms: plan,
  planName: plan.name,
  anchor: at('14T03:11:05'),
  billedIntervals: 1,
  setupFeePending: false,
  setupFeeCharged: false,
  failedAttempts: 0,
  attempts: 1,
  reactivations: 0,
};

const ledgerEntry: LedgerEntry = {
  createdAt: at('21T03:11:05'),
  type: 'credit',
  amount: plan.amount,
  currency: 'AUD',
  annotation: 'charge_credit',
};

const webhookEndpoint: WebhookEndpoint = {
  token: 'whe_3E2s0U6mC8LwNT25sgW9pA',
  key: 'b8a8eb9e9c4b43d8c7c16e6a3d2b0c1e',
  url: 'https://shop.example.com/pin/webhooks',
  createdAt: at('20T01:05:00'),
  updatedAt: at('20T01:05:00'),
};

const chargeJson = presentCharge(charge, now);

const event = {
  token: 'evt_MJgDUSAvZzZavoWG9xXmgA',
  type: 'charge.captured' as const,
  data: chargeJson,
  createdAt: at('24T03:12:31'),
};

const webhook: Webhook = {
  token: 'whr_dmlOvgwCfsvJ9aeTnbnkkA',
  status: 'completed',
  url: webhookEndpoint.url,
  eventToken: event.token,
  endpointToken: webhookEndpoint.token,
  createdAt: at('24T03:12:31'),
  acceptedAt: at('24T03:12:32'),
  nextRun: null,
  retries: 0,
  errors: {},
};

const merchant: Merchant = {
  token: 'mrch_hfsjNr0e0E53Mn6TqAzqnA',
  accountId: 'acct_hfsjNr0e0E53Mn6TqAzqnA',
  partnerId: 'acct_Jf3wUl4mQk5e1MdXLTNpGQ',
  status: 'active',
  // The request sample's application, as the API takes it in.
  application: applicationOf(v.parse(merchantSchema, merchantExample)),
  createdAt: at('02T00:00:00'),
  updatedAt: at('03T00:00:00'),
};

const merchantKeys: MerchantKeys = {
  test: { secretKey: 'sk_test_5Yh3sJvZ7u9G0qPnQeXkWd', publishableKey: 'pk_test_Hn3W8QbY2aK6pLxVzR1cTm' },
  live: { secretKey: 'sk_live_W2v8Fj4pNqL0xYbRt6KcAh', publishableKey: 'pk_live_Ds9Gk1Zm5QwE7uTyJr3VbN' },
};

const dispute: Dispute = {
  token: 'dis_kq3b9fVh7W3GfFYuRzCjdA',
  category: 'product_not_received',
  status: 'evidence_required',
  amount: chargeAmount,
  currency: 'AUD',
  fee: 2_500,
  charge: { ...charge, amountRefunded: 0, dispute: { token: 'dis_kq3b9fVh7W3GfFYuRzCjdA', open: true } },
  receivedAt: at('24T03:13:00'),
  evidenceRequiredBy: at('30T03:13:00'),
  evidence: {
    proof_of_delivery: 'file_Mb9A2Cw6sT0Ez4Qd8GhJkA',
    customer_communication: 'Tracking: AB123456789AU',
  },
  activity: [{ type: 'evidence_required', createdAt: at('24T03:13:00') }],
  version: 1,
  withdrawn: false,
  arbitration: false,
};

const file: StoredFile = {
  token: 'file_Mb9A2Cw6sT0Ez4Qd8GhJkA',
  originalFilename: 'delivery-receipt.pdf',
  purpose: 'dispute_evidence',
  size: 48_213,
  mimeType: 'application/pdf',
  uploadedAt: at('24T03:13:40'),
  evidenceSubmitted: false,
};
const fileLink = {
  url: 'http://localhost:4010/_local/files/file_Mb9A2Cw6sT0Ez4Qd8GhJkA?expires=1795490320&signature=3f1c0b',
  expiresAt: new Date('2026-11-24T03:30:00Z'),
};

const applePayDomain: ApplePayDomain = {
  token: 'apmd_a3Bx9Qr2Lk7Wm0Zp4Ty6Vn',
  domainName: 'shop.example.com',
  registered: true,
  createdAt: at('20T01:10:00'),
};

/** The simulated merchant session has Apple's shape (MerchantSession); its values are made up. */
const applePaySession: MerchantSession = {
  epochTimestamp: now.getTime(),
  expiresAt: now.getTime() + 5 * 60_000,
  merchantSessionIdentifier: 'SSHmV0L5zQ2wK8aN4rT7yX1cB3d',
  nonce: 'a81f2c',
  merchantIdentifier: 'F2C4A7D9E1B3068A5C7E9F1D3B5A7C9E',
  domainName: applePayDomain.domainName,
  displayName: applePayDomain.domainName,
  signature: '308006092a864886f70d010702a0803080020101310d300b0609608648016503040201',
  operationalAnalyticsIdentifier: 'wattle:9Xz2Lq7Vb4Nc1Mk8',
  retries: 0,
  pspId: 'wattle-simulated',
};

/**
 * The sample of each resource object, by the schema it answers with: what the presenters make of
 * the objects above. The few answers no presenter makes (3-D Secure's redirect, a self-service
 * link) are written as their handlers write them.
 */
export const objectSamples = new Map<v.GenericSchema, unknown>([
  // A card on its own is a new card token's: no customer's yet (a customer's shows in its customer).
  [o.cardObject, presentCard(card, unowned)],
  [o.chargeCardObject, chargeJson.card],
  [o.customerObject, presentCustomer(customer)],
  [o.chargeObject, chargeJson],
  [
    o.threeDSecureRedirectObject,
    presentThreeDSecureRedirect(
      'ch_3rGnUYvR6GhkkdiNW5x7Hw',
      'http://localhost:4010/test/1/three_d_secure/se_w4Nj8Vs1Kq5Hz2Lm9Pb6Xc',
    ),
  ],
  [o.authorisationObject, presentAuthorisation(authorisation, now)],
  [o.refundObject, presentRefund(refund)],
  [o.bankAccountObject, presentBankAccount(bankAccount)],
  [o.recipientObject, presentRecipient(recipient)],
  [o.transferObject, presentTransfer(transfer)],
  [
    o.lineItemObject,
    presentLineItem({
      type: 'charge',
      amount: chargeJson.merchant_entitlement ?? 0,
      currency: 'AUD',
      createdAt: charge.createdAt,
      object: 'charge',
      token: charge.token,
      record: chargeJson,
    }),
  ],
  [o.depositObject, presentDeposit(deposit)],
  [o.balanceObject, presentBalance([{ currency: 'AUD', available: 3_827, unsettled: 2_000 }])],
  [o.paymentSourceObject, presentPaymentSource(paymentSource)],
  [o.planObject, presentPlan(plan, { trial: 2, active: 14, cancelling: 1, cancelled: 3 })],
  [o.subscriptionObject, presentSubscription(subscription)],
  [o.ledgerEntryObject, presentLedgerEntry(ledgerEntry)],
  [
    o.selfServiceLinkObject,
    presentSelfServiceLink(
      'http://localhost:4010/test/1/subscription_self_service?link=ssl_4kPz8Qm2Vx6Rb1Nc9Lw3Ty',
      at('25T03:15:00'),
    ),
  ],
  [o.webhookEndpointObject, presentWebhookEndpoint(webhookEndpoint)],
  [o.webhookObject, presentWebhook(webhook)],
  [o.eventObject, presentEvent(event)],
  [o.merchantSummaryObject, presentMerchantSummary(merchant)],
  [o.merchantDetailObject, presentMerchantDetail(merchant, merchantKeys)],
  [o.merchantSettingsObject, defaultMerchantSettings],
  [o.disputeObject, presentDispute(dispute, now)],
  [o.disputeActivityObject, presentDisputeActivity(dispute)[0]],
  [o.disputeEvidenceObject, presentEvidence(dispute)],
  [o.fileObject, presentFile(file, fileLink)],
  [o.applePayDomainObject, presentApplePayDomain(applePayDomain)],
  [o.applePayHostCheckObject, presentHostCheck(applePayDomain.domainName, applePayDomain)],
  [o.applePaySessionObject, applePaySession],
]);

/** The token each path parameter stands for in the samples: `/1/charges/ch_lfUYEBK14zotCTykezJkfg`. */
export const pathTokens: Record<string, string> = {
  charge_token: charge.token,
  auth_token: authorisation.token,
  card_token: card.token,
  customer_token: customer.token,
  payment_source_token: paymentSource.token,
  merchant_token: merchant.token,
  recipient_token: recipient.token,
  transfer_token: transfer.token,
  deposit_token: deposit.token,
  refund_token: refund.token,
  plan_token: plan.token,
  sub_token: subscription.token,
  webhook_endpoint_token: webhookEndpoint.token,
  webhook_token: webhook.token,
  event_token: event.token,
  dispute_token: dispute.token,
  file_token: file.token,
  apple_pay_domain_token: applePayDomain.token,
  session_token: 'se_w4Nj8Vs1Kq5Hz2Lm9Pb6Xc',
};

/** The tokens a request sample refers to, the same as the samples' own. */
export const sampleTokens = {
  card: card.token,
  customer: customer.token,
  paymentSource: paymentSource.token,
  plan: plan.token,
  recipient: recipient.token,
  file: file.token,
};

const pagination = (kind: Envelope['kind'], count: number) =>
  kind === 'full'
    ? { current: 1, previous: null, next: null, per_page: perPage, pages: 1, count }
    : { count, per_page: perPage, current: 1 };

/**
 * The sample of an answer's schema: a resource's presented object, in its envelope (a list holds
 * the one sample); the first option of a union. Throws for a schema with no sample, so a new
 * resource object cannot go into the document without one.
 */
export const responseSample = (schema: v.GenericSchema): unknown => {
  if (objectSamples.has(schema)) return objectSamples.get(schema);
  const envelope = envelopes.get(schema);
  if (envelope) {
    const item = responseSample(envelope.item);
    switch (envelope.kind) {
      case 'single':
        return { response: item };
      case 'with-ip-address':
        return { response: item, ip_address: '203.0.113.41' };
      case 'short':
        return { response: [item], pagination: pagination('short', 1) };
      default:
        return { response: [item], count: 1, pagination: pagination(envelope.kind, 1) };
    }
  }
  if (schema.type === 'array' && 'item' in schema) return [responseSample(schema.item as v.GenericSchema)];
  if (schema.type === 'union' && 'options' in schema)
    return responseSample((schema.options as v.GenericSchema[])[0]!);
  throw new Error(`No response sample for a ${schema.type} schema: give its object one in samples.ts`);
};

/** The error bodies the API answers with, made as it makes them (toHttpError). */
export const errorSamples = {
  unauthenticated: toHttpError(new PinError('unauthenticated')).body,
  notFound: toHttpError(new PinError('not_found')).body,
  internal: toHttpError(new Error('an outage')).body,
};

/**
 * The 422 of an operation, as the API's own validation answers the request sample with its first
 * field left out (a body's, else the query's); Pin's generic 422 when leaving it out is allowed.
 */
export const invalidSample = (operation: Operation, example: RequestExample): unknown => {
  const [schema, fields] = operation.body ? [operation.body, example.body] : [operation.query, example.query];
  const [first] = Object.keys(fields ?? {});
  try {
    if (schema && fields && first) {
      const { [first]: _left, ...rest } = fields;
      validate(schema, rest);
    }
  } catch (error) {
    return toHttpError(error).body;
  }
  return toHttpError(new PinError('invalid_resource')).body;
};
