/**
 * What the document's request samples send (`@wattle/openapi/examples`): the values the functions'
 * operations.ts files build their samples from, realistic values that pass the API's own checks
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

/** A JSONP sample's own parameters; its publishable key is the shell variable the README sets. */
export const jsonpExample = { callback: 'handleResponse', _method: 'POST', publishable_api_key: '$PK' };

/** A search's query (GET /charges/search, /transfers/search). */
export const searchExample = {
  query: { query: 'roland@example.com', start_date: '2026/11/01', end_date: '2026/11/30' },
};

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
