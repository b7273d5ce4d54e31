import {
  type Card,
  type CardDetails,
  cardScheme,
  displayNumber,
  fullExpiryYear,
  issuingCountry,
} from './card.ts';
import { presentCard, unowned } from './presenters.ts';

/** The types whose source is a device or network token with a cryptogram, not the card itself. */
export const tokenisedSourceTypes = ['applepay', 'googlepay', 'network_token'] as const;
export type TokenisedSourceType = (typeof tokenisedSourceTypes)[number];

/** The kinds of payment source POST /payment_sources takes (PIN-REFERENCE §4.4). */
export const paymentSourceTypes = ['card', ...tokenisedSourceTypes] as const;
export type PaymentSourceType = (typeof paymentSourceTypes)[number];

/**
 * A wallet's or network's token as Wattle simulates it once decrypted: the token's own number
 * (DPAN) and expiry, the one-time cryptogram and the ECI. The cryptogram is checked and forgotten,
 * as a card's CVC is.
 */
export interface TokenisedCardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  name: string;
  cryptogram: string;
  eci: string;
}

/** What POST /payment_sources sent, validated: a card, or a wallet's or network's token. */
export type PaymentSourceInput =
  | { type: 'card'; details: CardDetails }
  | { type: TokenisedSourceType; details: TokenisedCardDetails };

/**
 * A payment source: a card (its number sealed, as a card token's) that one charge, authorisation
 * or customer may use, and the way it came in. Never the full number, CVC or cryptogram.
 */
export interface PaymentSourceRecord {
  token: string;
  type: PaymentSourceType;
  card: Card;
  createdAt: string;
}

/** Payment source tokens expire one month after creation if unused, as card tokens do. */
export const paymentSourceLifetimeMonths = 1;

/**
 * The card a wallet or network token stands for: shown by the token's number (its scheme and
 * last four), with the wallet as its network type. No address comes with a token.
 */
export const newTokenisedCard = (
  details: TokenisedCardDetails,
  type: TokenisedSourceType,
  token: string,
  createdAt: string,
): Card => ({
  token,
  scheme: cardScheme(details.number),
  displayNumber: displayNumber(details.number),
  bin: details.number.slice(0, 6),
  issuingCountry: issuingCountry(details.number),
  expiryMonth: details.expiryMonth,
  expiryYear: fullExpiryYear(details.expiryYear),
  name: details.name,
  addressLine1: '',
  addressLine2: null,
  addressCity: '',
  addressPostcode: '',
  addressState: '',
  addressCountry: '',
  networkType: type,
  createdAt,
});

/** The payment source object: its token, type and the card it carries, as a card object. */
export const presentPaymentSource = (source: PaymentSourceRecord) => ({
  token: source.token,
  type: source.type,
  source: presentCard(source.card, unowned),
  created_at: source.createdAt,
});
