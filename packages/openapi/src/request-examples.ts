/**
 * What the document's request samples send: realistic values that pass the API's own checks
 * (test/unit/openapi-examples.test.ts runs each through its operation's request schema, and some
 * through a stack). The response samples (samples.ts) are made from the same values: the card
 * below is the card the samples show.
 */

/** A test card that succeeds (docs/guide/test-cards.md), as a person types it. */
export const cardExample = {
  number: '5520000000000000',
  expiry_month: 5,
  expiry_year: 2030,
  cvc: '123',
  name: 'Roland Robot',
  address_line1: '42 Sevenoaks St',
  address_city: 'Lathlain',
  address_postcode: '6454',
  address_state: 'WA',
  address_country: 'Australia',
};

export const bankAccountExample = { name: 'Mr Roland Robot', bsb: '063000', number: '123456321' };

/** The publishable key in a JSONP sample: the shell variable the README sets. */
const jsonp = { callback: 'handleResponse', _method: 'POST', publishable_api_key: '$PK' };

export const customerExample = {
  email: 'roland@example.com',
  first_name: 'Roland',
  last_name: 'Robot',
  phone_number: '+61 8 9123 4567',
  company: 'Robot Industries Pty Ltd',
  notes: 'Prefers email receipts',
};

export const chargeExample = {
  email: 'roland@example.com',
  description: 'Birthday present',
  amount: 4000,
  currency: 'AUD',
  ip_address: '203.0.113.41',
  metadata: { order_number: '123456' },
};

export const planExample = {
  name: 'Coffee Plan',
  amount: 1000,
  currency: 'AUD',
  interval: 30,
  interval_unit: 'day',
  intervals: 0,
  setup_amount: 0,
  trial_amount: 0,
  trial_interval: 7,
  trial_interval_unit: 'day',
  customer_permissions: ['cancel'],
};

/** A referred merchant's application (POST /merchants). */
export const merchantExample = {
  contact: {
    first_name: 'Roland',
    last_name: 'Robot',
    phone_number: '02 9876 5432',
    email: 'roland@roland-robot.example.com',
    password: 'correct-horse-battery-staple',
  },
  entity: {
    business_registration_number: '11223491505',
    full_legal_name: 'Roland Robot Pty Ltd',
    incorporation_status: 'pty_ltd',
    registered_for_gst: true,
    address_line_1: '58 Durham Rd',
    address_locality: 'Kilsyth',
    address_region: 'VIC',
    address_postal_code: '3137',
    address_country_code: 'AU',
  },
  business: {
    trading_name: "Roland's Robots",
    description: 'We sell robots',
    typical_product_price: '100',
    transactions_per_month: '20',
    annual_transaction_volume: '20000',
    sells_physical_goods: true,
    average_delivery_days: '14',
    url: 'https://roland-robot.example.com',
  },
  bank_account: { name: 'Roland Robot Pty Ltd', bsb: '063000', number: '000111111' },
  director: { full_name: 'Roland Robot', contact_number: '02 9876 5432', date_of_birth: '1984-06-12' },
};

export const webhookUrlExample = 'https://shop.example.com/pin/webhooks';
export const applePayDomainExample = 'shop.example.com';

export interface RequestExample {
  /** The body, as JSON; the form sample sends the same fields (`card[number]=…`). */
  body?: Record<string, unknown>;
  /** The query parameters; a nested one is sent with brackets (`source[number]`). */
  query?: Record<string, unknown>;
}

/** Tokens the samples refer to (the same as the response samples'). */
export interface ExampleTokens {
  card: string;
  customer: string;
  paymentSource: string;
  plan: string;
  recipient: string;
  file: string;
}

/** The request sample of each operation that takes a body or a query beyond `page`, by route key. */
export const requestExamples = (tokens: ExampleTokens): Record<string, RequestExample> => {
  const cardToken = { body: cardExample };
  const cardJsonp = { query: { ...jsonp, ...cardExample } };
  const paymentSource = { body: { type: 'card', source: cardExample } };
  const paymentSourceJsonp = { query: { ...jsonp, type: 'card', source: cardExample } };
  const bankAccount = { body: bankAccountExample };
  const bankAccountJsonp = { query: { ...jsonp, ...bankAccountExample } };
  const search = { query: { query: 'roland@example.com', start_date: '2026/11/01', end_date: '2026/11/30' } };
  return {
    'POST /1/cards': cardToken,
    'POST /1/cards.json': cardToken,
    'GET /1/cards.json': cardJsonp,
    'GET /1/cards': cardJsonp,
    'POST /1/payment_sources': paymentSource,
    'POST /1/payment_sources.json': paymentSource,
    'GET /1/payment_sources.json': paymentSourceJsonp,
    'GET /1/payment_sources': paymentSourceJsonp,
    'POST /1/bank_accounts': bankAccount,
    'POST /1/bank_accounts.json': bankAccount,
    'GET /1/bank_accounts.json': bankAccountJsonp,
    'GET /1/bank_accounts': bankAccountJsonp,
    'POST /1/merchants': { body: merchantExample },
    'POST /1/recipients': {
      body: { email: 'roland@example.com', name: 'Mr Roland Robot', bank_account: bankAccountExample },
    },
    'PUT /1/recipients/{recipient_token}': { body: { email: 'roland.robot@example.com' } },
    'POST /1/transfers': {
      body: {
        description: 'Earnings for November',
        amount: 10000,
        currency: 'AUD',
        recipient: tokens.recipient,
      },
    },
    'GET /1/transfers/search': search,
    'POST /1/customers': { body: { ...customerExample, card: cardExample } },
    'PUT /1/customers/{customer_token}': { body: { notes: 'Prefers email receipts; VIP' } },
    'POST /1/customers/{customer_token}/cards': { body: cardExample },
    'POST /1/webhook_endpoints': { body: { url: webhookUrlExample } },
    'POST /1/charges': { body: { ...chargeExample, card: cardExample } },
    'GET /1/charges/search': search,
    'GET /1/charges/verify': { query: { session_token: 'se_w4Nj8Vs1Kq5Hz2Lm9Pb6Xc' } },
    'PUT /1/charges/{charge_token}/capture': { body: { amount: 4000 } },
    'POST /1/three_d_secure/{session_token}': { body: { result: 'authenticated' } },
    'POST /1/authorisations': {
      body: { ...chargeExample, description: 'Hotel deposit', card_token: tokens.card },
    },
    'POST /1/authorisations/{auth_token}/charges': { body: { amount: 4000, currency: 'AUD' } },
    'POST /1/charges/{charge_token}/refunds': { body: { amount: 1000 } },
    'GET /1/disputes': { query: { sort: 'received_at', direction: '-1' } },
    'GET /1/disputes/search': { query: { query: 'roland@example.com', status: 'evidence_required' } },
    'PUT /1/disputes/{dispute_token}/evidence': {
      body: { proof_of_delivery: tokens.file, customer_communication: 'Tracking: AB123456789AU' },
    },
    'POST /1/plans': { body: planExample },
    'PUT /1/plans/{plan_token}': { body: { name: 'Coffee Plan (monthly)' } },
    'POST /1/plans/{plan_token}/subscriptions': {
      body: { customer_token: tokens.customer, include_setup_fee: false },
    },
    'POST /1/subscriptions': {
      body: { plan_token: tokens.plan, customer_token: tokens.customer, include_setup_fee: false },
    },
    'PUT /1/subscriptions/{sub_token}': { body: { card_token: tokens.card } },
    'PUT /1/subscriptions/{sub_token}/reactivate': { body: { include_setup_fee: false } },
    'GET /1/subscription_self_service': { query: { link: 'ssl_4kPz8Qm2Vx6Rb1Nc9Lw3Ty' } },
    'POST /1/subscription_self_service': { body: { link: 'ssl_4kPz8Qm2Vx6Rb1Nc9Lw3Ty', action: 'cancel' } },
    'POST /1/files': { body: { purpose: 'dispute_evidence', file: '@delivery-receipt.pdf' } },
    'POST /1/apple_pay/domains': { body: { domain_name: applePayDomainExample } },
    'GET /1/apple_pay/host_check': { query: { domain_name: applePayDomainExample } },
    'POST /1/apple_pay/sessions': {
      body: {
        validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
        initiative: 'web',
        initiative_context: applePayDomainExample,
      },
    },
  };
};

/**
 * An object's fields as a form sends them, in order: nested in brackets (`card[number]`), an
 * array's items each as `name[]`, under `prefix` when given (`source[number]`).
 */
export const formPairs = (fields: Record<string, unknown>, prefix = ''): [string, string][] => {
  const pairs: [string, string][] = [];
  const add = (name: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(`${name}[]`, item);
    } else if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) add(name ? `${name}[${key}]` : key, inner);
    } else pairs.push([name, String(value)]);
  };
  add(prefix, fields);
  return pairs;
};
