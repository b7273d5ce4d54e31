/** Card input fields as a merchant's form would send them; override any field. */
export const cardFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  number: '5520000000000000',
  expiry_month: '05',
  expiry_year: '2030',
  cvc: '123',
  name: 'Roland Robot',
  address_line1: '42 Sevenoaks St',
  address_city: 'Lathlain',
  address_postcode: '6454',
  address_state: 'WA',
  address_country: 'Australia',
  ...overrides,
});

/** A charge or authorisation request: override anything, `card` included. */
export const chargeFields = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  email: 'roland@example.com',
  description: 'Birthday present',
  amount: 400,
  ip_address: '203.0.113.41',
  card: cardFields({ number: '4200000000000000' }),
  ...overrides,
});

/** A complete POST /merchants body (docs/api/cookbook/merchants.md), every nested object filled in. */
export const merchantApplication = (overrides: Record<string, unknown> = {}) => ({
  contact: {
    first_name: 'Roland',
    last_name: 'Robot',
    phone_number: '0400 000 000',
    email: 'roland@shop.example',
    password: 'correct horse battery',
  },
  entity: {
    business_registration_number: '11 222 333 444',
    full_legal_name: 'Roland Robot Pty Ltd',
    incorporation_status: 'pty_ltd',
    registered_for_gst: true,
    address_line_1: '42 Sevenoaks St',
    address_line_2: '',
    address_locality: 'Lathlain',
    address_region: 'WA',
    address_postal_code: '6454',
  },
  business: {
    trading_name: 'Robot Shop',
    description: 'Spare parts for robots',
    typical_product_price: 100,
    transactions_per_month: '100',
    annual_transaction_volume: '250000',
    sells_physical_goods: 'true',
    average_delivery_days: 3,
    url: 'https://shop.example',
  },
  bank_account: { name: 'Robot Shop', bsb: '063000', number: '123456321' },
  director: { full_name: 'Roland Robot', contact_number: '0400 000 000', date_of_birth: '1980-02-29' },
  notes: 'Referred at the expo',
  ...overrides,
});

/** Pin's answer to a card token used before (htdc/pinxs's recording of 2018; decision 208). */
export const tokenAlreadyUsed = {
  error: 'token_already_used',
  error_description:
    'Token already used. Card tokens can only be used once, to create a charge or assign a card to a customer',
};

/** Pin's answer to a card token the account does not hold (htdc/pinxs's recording of 2020; decision 208). */
export const cardTokenNotFound = {
  error: 'not_found',
  error_description: 'The requested resource could not be found.',
};

/**
 * Pin's text, in the test environment, for a card number that is no card's, as its test API
 * answered in 2020 and 2024 (`name` is the parameter's, humanised: "Number", "Card number").
 */
export const notATestCardNumber = (name: string): string =>
  `${name} is not a valid Pin Payments test card number.${' '.repeat(27)}See https://pinpayments.com/docs/api/test-cards`;
