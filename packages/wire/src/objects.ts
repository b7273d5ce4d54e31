import {
  disputeCategories,
  disputeStatuses,
  eventTypes,
  filePurposes,
  fileTypes,
  intervalUnits,
  paymentSourceTypes,
} from '@wattle/domain';
import * as v from 'valibot';

/**
 * The resource objects the API answers with (Pin's API reference; docs/api/openapi.md), written once
 * as valibot schemas: the OpenAPI document (packages/openapi) is generated from them, and the e2e
 * suite checks every response against it. Strict objects, so a field a presenter adds without its
 * line here fails the e2e suite.
 */

const text = v.string();
const nullableText = v.nullable(v.string());
const whole = v.pipe(v.number(), v.integer());
/** Timestamps as Pin writes them: ISO 8601 in UTC. */
const timestamp = v.pipe(v.string(), v.description('ISO 8601 time in UTC'));
const nullableTimestamp = v.nullable(timestamp);

export const metadataObject = v.pipe(
  v.record(v.string(), v.string()),
  v.description('Up to 50 keys, each with a text value.'),
);

const cardFields = {
  token: text,
  scheme: text,
  display_number: text,
  issuing_country: text,
  expiry_month: whole,
  expiry_year: whole,
  // Null when never given (a wallet's card has no name or address at all), as Pin shows it.
  name: nullableText,
  address_line1: nullableText,
  address_line2: nullableText,
  address_city: nullableText,
  address_postcode: nullableText,
  address_state: nullableText,
  address_country: nullableText,
  customer_token: nullableText,
  primary: v.nullable(v.boolean()),
};

export const cardObject = v.strictObject({
  ...cardFields,
  network_type: nullableText,
  network_format: v.nullable(v.literal('cryptogram_3ds')),
});

/** The card as a charge shows it: without network_type and network_format. */
export const chargeCardObject = v.strictObject(cardFields);

export const customerObject = v.strictObject({
  token: text,
  email: text,
  first_name: nullableText,
  last_name: nullableText,
  phone_number: nullableText,
  company: nullableText,
  notes: nullableText,
  created_at: timestamp,
  card: cardObject,
});

/** A customer as its customer.deleted event carries it: its cards went with it (Pin's, recorded in 2024). */
export const deletedCustomerObject = v.strictObject({ ...customerObject.entries, card: v.null() });

const platformAdjustment = v.strictObject({ amount: whole, currency: text });

const transferLink = v.strictObject({ state: text, paid_at: timestamp, token: text });

export const chargeObject = v.strictObject({
  token: text,
  success: v.boolean(),
  amount: whole,
  currency: text,
  description: text,
  email: text,
  ip_address: text,
  created_at: timestamp,
  status_message: text,
  error_message: nullableText,
  card: chargeCardObject,
  transfer: v.optional(v.array(transferLink)),
  amount_refunded: whole,
  total_fees: v.nullable(whole),
  merchant_entitlement: v.nullable(whole),
  platform_fees: whole,
  platform_adjustment: platformAdjustment,
  refund_pending: v.boolean(),
  authorisation_token: nullableText,
  authorisation_expired: v.boolean(),
  authorisation_voided: v.boolean(),
  captured: v.boolean(),
  captured_at: nullableTimestamp,
  settlement_currency: text,
  active_chargebacks: v.boolean(),
  metadata: metadataObject,
});

/** POST /charges answers 202 with this when 3-D Secure needs the payer's browser. */
export const threeDSecureRedirectObject = v.strictObject({
  token: text,
  status_message: v.literal('Pending'),
  redirect_url: text,
});

export const authorisationObject = v.strictObject({
  token: text,
  success: v.boolean(),
  amount: whole,
  amount_captured: whole,
  amount_remaining: whole,
  currency: text,
  description: text,
  email: text,
  ip_address: text,
  created_at: timestamp,
  status_message: text,
  error_message: nullableText,
  card: cardObject,
  settlement_currency: text,
  expired: v.boolean(),
  voided: v.boolean(),
  voided_at: nullableTimestamp,
  capturable: v.boolean(),
  platform_adjustment: v.optional(platformAdjustment),
  metadata: metadataObject,
});

export const refundObject = v.strictObject({
  token: text,
  success: v.null(),
  amount: whole,
  currency: text,
  charge: text,
  created_at: timestamp,
  error_message: nullableText,
  status_message: v.picklist(['Pending', 'Success', 'Failed']),
});

export const bankAccountObject = v.strictObject({
  token: text,
  name: text,
  bsb: text,
  number: text,
  bank_name: text,
  branch: text,
});

export const recipientObject = v.strictObject({
  token: text,
  name: text,
  email: text,
  kyc_status: text,
  created_at: timestamp,
  bank_account: bankAccountObject,
});

export const transferObject = v.strictObject({
  token: text,
  status: v.picklist(['succeeded', 'failed']),
  currency: text,
  description: text,
  amount: whole,
  total_debits: whole,
  total_credits: whole,
  created_at: timestamp,
  paid_at: timestamp,
  reference: text,
  line_items_count: whole,
  bank_account: bankAccountObject,
  recipient: text,
});

export const lineItemObject = v.strictObject({
  type: v.picklist(['charge', 'transfer_fee']),
  amount: whole,
  currency: text,
  created_at: timestamp,
  object: v.picklist(['charge', 'transfer']),
  token: text,
  record: v.pipe(v.record(v.string(), v.unknown()), v.description('The charge or transfer paid out.')),
});

export const depositObject = v.strictObject({
  token: text,
  status: v.literal('succeeded'),
  amount: v.pipe(v.string(), v.description('The amount in the base unit, as text (as Pin writes it).')),
  currency: text,
  narration: text,
  created_at: timestamp,
  available_at: timestamp,
  bank_account: bankAccountObject,
});

const amountInCurrency = v.strictObject({ amount: whole, currency: text });

export const balanceObject = v.strictObject({
  available: v.array(amountInCurrency),
  pending: v.array(amountInCurrency),
});

export const paymentSourceObject = v.strictObject({
  token: text,
  type: v.picklist(paymentSourceTypes),
  source: cardObject,
});

export const planObject = v.strictObject({
  token: text,
  name: text,
  amount: whole,
  currency: text,
  setup_amount: whole,
  trial_amount: whole,
  interval: whole,
  interval_unit: v.picklist(intervalUnits),
  intervals: whole,
  trial_interval: whole,
  trial_interval_unit: v.picklist([...intervalUnits, '']),
  created_at: timestamp,
  customer_permissions: v.array(v.picklist(['cancel'])),
  subscription_counts: v.strictObject({ trial: whole, active: whole, cancelling: whole, cancelled: whole }),
});

export const subscriptionObject = v.strictObject({
  token: text,
  state: v.picklist(['trial', 'active', 'cancelling', 'cancelled']),
  next_billing_date: nullableTimestamp,
  active_interval_started_at: timestamp,
  active_interval_finishes_at: timestamp,
  cancelled_at: nullableTimestamp,
  created_at: timestamp,
  plan_token: text,
  customer_token: text,
  card_token: text,
});

export const ledgerEntryObject = v.strictObject({
  created_at: timestamp,
  type: v.literal('credit'),
  amount: whole,
  currency: text,
  annotation: v.literal('charge_credit'),
});

export const selfServiceLinkObject = v.strictObject({ url: text, expires_at: timestamp });

export const webhookEndpointObject = v.strictObject({
  token: text,
  key: text,
  url: text,
  created_at: timestamp,
  updated_at: timestamp,
});

export const webhookObject = v.strictObject({
  token: text,
  status: v.picklist(['pending', 'retrying', 'completed', 'failed']),
  url: text,
  event_token: text,
  webhook_endpoint_token: text,
  created_at: timestamp,
  accepted_at: nullableTimestamp,
  next_run: nullableTimestamp,
  retries: whole,
  errors: v.pipe(
    v.record(v.string(), v.strictObject({ error: text, error_description: text })),
    v.description('Each failed attempt by its time (`YYYY-MM-DD hh:mm:ss UTC`).'),
  ),
});

export const eventObject = v.strictObject({
  token: text,
  type: v.picklist(eventTypes),
  data: v.pipe(v.record(v.string(), v.unknown()), v.description('The resource the event is about.')),
  created_at: timestamp,
});

export const merchantSummaryObject = v.strictObject({
  token: text,
  email: text,
  business_name: text,
  status: v.picklist(['pending_approval', 'active', 'on_hold', 'declined']),
  created_at: timestamp,
  updated_at: timestamp,
});

const fee = v.strictObject({ fixed_fee: whole, percentage_fee: text });
const notifications = v.record(v.string(), v.unknown());

export const merchantDetailObject = v.strictObject({
  token: text,
  status: v.picklist(['pending_approval', 'active', 'on_hold', 'declined']),
  business_name: text,
  contact_name: text,
  contact_email: text,
  skip_charge_address_validation: v.boolean(),
  send_transfer_email: v.boolean(),
  send_refund_successful_emails: v.boolean(),
  settlement_delay_days: whole,
  amex_enabled: v.boolean(),
  maximum_charge_cents: whole,
  pos_maximum_charge_cents: whole,
  transfers_enabled: v.boolean(),
  last_charge_date: nullableTimestamp,
  test_secret_api_key: text,
  test_publishable_api_key: text,
  api_keys: v.strictObject({ secret: text, publishable: text }),
  pricing: v.record(v.string(), fee),
  notifications,
  created_at: timestamp,
  updated_at: timestamp,
});

export const merchantSettingsObject = v.strictObject({
  skip_charge_address_validation: v.boolean(),
  send_transfer_email: v.boolean(),
  send_refund_successful_emails: v.boolean(),
  settlement_delay_days: whole,
  maximum_charge_cents: whole,
  pos_maximum_charge_cents: whole,
  transaction_fixed_fee: whole,
  third_party_transfer_fee: whole,
  domestic_transaction_percentage_fee: text,
  amex_transaction_percentage_fee: text,
  foreign_transaction_percentage_fee: text,
  amex: v.boolean(),
  transfer_email_line_items_attachment: v.boolean(),
  statement_descriptor_random_code: v.boolean(),
  notifications,
});

export const disputeObject = v.strictObject({
  token: text,
  category: v.picklist(disputeCategories),
  status: v.picklist(disputeStatuses),
  amount: whole,
  currency: text,
  charge: chargeObject,
  evidence_required_by: timestamp,
  relevant_evidence: v.pipe(
    v.array(text),
    v.description("The evidence fields the dispute's category asks for."),
  ),
  received_at: timestamp,
});

/** One step of a dispute's life: the status it entered. */
export const disputeActivityObject = v.strictObject({
  type: v.picklist(disputeStatuses),
  created_at: timestamp,
});

export const disputeEvidenceObject = v.strictObject({
  dispute: v.pipe(text, v.description("The dispute's token.")),
  submitted: v.boolean(),
  evidence: v.pipe(
    v.record(v.string(), v.string()),
    v.description('Evidence field → text, or the token of an uploaded file (`file_…`).'),
  ),
});

export const fileObject = v.strictObject({
  token: text,
  original_filename: text,
  presigned_url: v.pipe(text, v.description('Downloads the bytes until presigned_url_expires_at.')),
  presigned_url_expires_at: timestamp,
  purpose: v.picklist(filePurposes),
  size: v.pipe(whole, v.description('Bytes.')),
  mime_type: v.picklist(fileTypes),
  uploaded_at: timestamp,
});

export const applePayDomainObject = v.strictObject({
  token: text,
  domain_name: text,
  registered: v.boolean(),
  created_at: timestamp,
});

export const applePayHostCheckObject = v.strictObject({
  domain_name: text,
  registered: v.pipe(v.boolean(), v.description('Whether the merchant registered the domain.')),
});

/** Apple's merchant session, simulated: handed to Apple Pay JS as it is (Apple's field names). */
export const applePaySessionObject = v.strictObject({
  epochTimestamp: v.pipe(whole, v.description('Milliseconds since the epoch.')),
  expiresAt: v.pipe(whole, v.description('Milliseconds since the epoch.')),
  merchantSessionIdentifier: text,
  nonce: text,
  merchantIdentifier: text,
  domainName: text,
  displayName: text,
  signature: text,
  operationalAnalyticsIdentifier: text,
  retries: whole,
  pspId: text,
});

/** The component name of each object in the document (`#/components/schemas/Charge`). */
export const namedObjects = {
  Card: cardObject,
  ChargeCard: chargeCardObject,
  Customer: customerObject,
  Charge: chargeObject,
  ThreeDSecureRedirect: threeDSecureRedirectObject,
  Authorisation: authorisationObject,
  Refund: refundObject,
  BankAccount: bankAccountObject,
  Recipient: recipientObject,
  Transfer: transferObject,
  TransferLineItem: lineItemObject,
  Deposit: depositObject,
  Balance: balanceObject,
  PaymentSource: paymentSourceObject,
  Plan: planObject,
  Subscription: subscriptionObject,
  LedgerEntry: ledgerEntryObject,
  SelfServiceLink: selfServiceLinkObject,
  WebhookEndpoint: webhookEndpointObject,
  Webhook: webhookObject,
  Event: eventObject,
  MerchantSummary: merchantSummaryObject,
  MerchantDetail: merchantDetailObject,
  MerchantSettings: merchantSettingsObject,
  Dispute: disputeObject,
  DisputeActivity: disputeActivityObject,
  DisputeEvidence: disputeEvidenceObject,
  File: fileObject,
  ApplePayDomain: applePayDomainObject,
  ApplePayHostCheck: applePayHostCheckObject,
  ApplePaySession: applePaySessionObject,
  Metadata: metadataObject,
};

/**
 * Each object as a presenter makes it: the presenters (the *-presenters.ts beside this file) are
 * typed by these, so a field renamed or dropped here fails to compile at every presenter that
 * writes it (test/unit/wire-types.test.ts).
 */
export type CardJson = v.InferOutput<typeof cardObject>;
export type ChargeCardJson = v.InferOutput<typeof chargeCardObject>;
export type CustomerJson = v.InferOutput<typeof customerObject>;
export type DeletedCustomerJson = v.InferOutput<typeof deletedCustomerObject>;
export type PlatformAdjustmentJson = v.InferOutput<typeof platformAdjustment>;
export type TransferLinkJson = v.InferOutput<typeof transferLink>;
export type ChargeJson = v.InferOutput<typeof chargeObject>;
export type ThreeDSecureRedirectJson = v.InferOutput<typeof threeDSecureRedirectObject>;
export type AuthorisationJson = v.InferOutput<typeof authorisationObject>;
export type RefundJson = v.InferOutput<typeof refundObject>;
export type BankAccountJson = v.InferOutput<typeof bankAccountObject>;
export type RecipientJson = v.InferOutput<typeof recipientObject>;
export type TransferJson = v.InferOutput<typeof transferObject>;
export type LineItemJson = v.InferOutput<typeof lineItemObject>;
export type DepositJson = v.InferOutput<typeof depositObject>;
export type BalanceJson = v.InferOutput<typeof balanceObject>;
export type PaymentSourceJson = v.InferOutput<typeof paymentSourceObject>;
export type PlanJson = v.InferOutput<typeof planObject>;
export type SubscriptionJson = v.InferOutput<typeof subscriptionObject>;
export type LedgerEntryJson = v.InferOutput<typeof ledgerEntryObject>;
export type SelfServiceLinkJson = v.InferOutput<typeof selfServiceLinkObject>;
export type WebhookEndpointJson = v.InferOutput<typeof webhookEndpointObject>;
export type WebhookJson = v.InferOutput<typeof webhookObject>;
export type EventJson = v.InferOutput<typeof eventObject>;
export type MerchantSummaryJson = v.InferOutput<typeof merchantSummaryObject>;
export type MerchantDetailJson = v.InferOutput<typeof merchantDetailObject>;
export type MerchantSettingsJson = v.InferOutput<typeof merchantSettingsObject>;
export type DisputeJson = v.InferOutput<typeof disputeObject>;
export type DisputeActivityJson = v.InferOutput<typeof disputeActivityObject>;
export type DisputeEvidenceJson = v.InferOutput<typeof disputeEvidenceObject>;
export type FileJson = v.InferOutput<typeof fileObject>;
export type ApplePayDomainJson = v.InferOutput<typeof applePayDomainObject>;
export type ApplePayHostCheckJson = v.InferOutput<typeof applePayHostCheckObject>;
export type ApplePaySessionJson = v.InferOutput<typeof applePaySessionObject>;
