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
