import { type Card, type CardOwner, type Customer, type PaymentSourceRecord, unowned } from '@wattle/domain';
import type { CardJson, CustomerJson, DeletedCustomerJson, PaymentSourceJson } from './objects.ts';

/**
 * Optional text never given (or cleared) as Pin shows it: null, not "" (issue 41: Pin's recorded
 * cards and customers; decision 24's addendum). Stored text stays "" for it.
 */
export const textOrNull = (text: string | null): string | null => (text === '' ? null : text);

/**
 * The card object of Pin's API reference; an optional address field never given is null (a wallet's card
 * has no name or address at all).
 */
export const presentCard = (card: Card, owner: CardOwner): CardJson => ({
  token: card.token,
  scheme: card.scheme,
  display_number: card.displayNumber,
  issuing_country: card.issuingCountry,
  expiry_month: card.expiryMonth,
  expiry_year: card.expiryYear,
  name: textOrNull(card.name),
  address_line1: textOrNull(card.addressLine1),
  address_line2: textOrNull(card.addressLine2),
  address_city: textOrNull(card.addressCity),
  address_postcode: textOrNull(card.addressPostcode),
  address_state: textOrNull(card.addressState),
  address_country: textOrNull(card.addressCountry),
  network_type: card.networkType ?? null,
  // A Google Pay card's cryptogram is a 3-D Secure one, as Pin names its format (issue 41).
  network_format: card.networkType === 'googlepay' ? 'cryptogram_3ds' : null,
  customer_token: owner.customerToken,
  primary: owner.primary,
});

/** The customer object of Pin's API reference, with its primary card; text never given is null. */
export const presentCustomer = (customer: Customer): CustomerJson => ({
  token: customer.token,
  email: customer.email,
  first_name: textOrNull(customer.firstName),
  last_name: textOrNull(customer.lastName),
  phone_number: textOrNull(customer.phoneNumber),
  company: textOrNull(customer.company),
  notes: textOrNull(customer.notes),
  created_at: customer.createdAt,
  card: presentCard(customer.primaryCard, { customerToken: customer.token, primary: true }),
});

/**
 * A customer as its customer.deleted event's data: its cards were deleted with it, so `card` is
 * null, as Pin's events show it (recorded from Pin's API in 2024, test/conformance).
 */
export const presentDeletedCustomer = (customer: Customer): DeletedCustomerJson => ({
  ...presentCustomer(customer),
  card: null,
});

/**
 * The payment source object: its token, type and the card it carries, as a card object; no
 * `created_at`, as Pin shows none (issue 41).
 */
export const presentPaymentSource = (source: PaymentSourceRecord): PaymentSourceJson => ({
  token: source.token,
  type: source.type,
  source: presentCard(source.card, unowned),
});
