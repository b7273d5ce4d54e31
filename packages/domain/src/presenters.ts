import type { Card } from './card.ts';
import type { Customer } from './customer.ts';

/** Whose card it is, as the card object shows it: null and null when it belongs to no customer. */
export interface CardOwner {
  customerToken: string | null;
  primary: boolean | null;
}

export const unowned: CardOwner = { customerToken: null, primary: null };

/** The card object of SPEC.md. */
export const presentCard = (card: Card, owner: CardOwner) => ({
  token: card.token,
  scheme: card.scheme,
  display_number: card.displayNumber,
  issuing_country: card.issuingCountry,
  expiry_month: card.expiryMonth,
  expiry_year: card.expiryYear,
  name: card.name,
  address_line1: card.addressLine1,
  address_line2: card.addressLine2,
  address_city: card.addressCity,
  address_postcode: card.addressPostcode,
  address_state: card.addressState,
  address_country: card.addressCountry,
  network_type: card.networkType ?? null,
  // A Google Pay card's cryptogram is a 3-D Secure one, as Pin names its format (issue 41).
  network_format: card.networkType === 'googlepay' ? 'cryptogram_3ds' : null,
  customer_token: owner.customerToken,
  primary: owner.primary,
});

export type CardJson = ReturnType<typeof presentCard>;

/** The customer object of SPEC.md, with its primary card. */
export const presentCustomer = (customer: Customer) => ({
  token: customer.token,
  email: customer.email,
  first_name: customer.firstName,
  last_name: customer.lastName,
  phone_number: customer.phoneNumber,
  company: customer.company,
  notes: customer.notes,
  created_at: customer.createdAt,
  card: presentCard(customer.primaryCard, { customerToken: customer.token, primary: true }),
});

export type CustomerJson = ReturnType<typeof presentCustomer>;
