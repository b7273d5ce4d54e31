import {
  type Card,
  type CardDetails,
  cardScheme,
  displayNumber,
  fullExpiryYear,
  issuingCountry,
} from './card.ts';

/** The types whose source is a device or network token with a cryptogram, not the card itself. */
export const tokenisedSourceTypes = ['applepay', 'googlepay', 'network_token'] as const;
export type TokenisedSourceType = (typeof tokenisedSourceTypes)[number];

/**
 * Whether a publishable key may create a source of this type: a card only. A publishable key lives
 * in browsers and apps, where Pin takes wallet tokens as Apple Pay JS and Google Pay give them,
 * encrypted for the payment provider, and network tokens come from a merchant's server. Wattle
 * takes every token decrypted (the token's number, its cryptogram and ECI): data only a server
 * that decrypted the wallet's token, or holds the network's, has; from a browser it would be made
 * up, cryptogram and authentication indicator included. So only the secret key sends it.
 */
export const publishableKeyMayCreate = (type: unknown): boolean =>
  !(tokenisedSourceTypes as readonly unknown[]).includes(type);

/** The wallets whose tokens Wattle takes, and the network type a card from one of them shows. */
export const walletTypes = ['applepay', 'googlepay'] as const;
export type WalletType = (typeof walletTypes)[number];

/** The wallet a network token's `network_type` names, or null (a scheme such as `visa` names none). */
export const walletNamed = (networkType: unknown): WalletType | null =>
  (walletTypes as readonly unknown[]).includes(networkType) ? (networkType as WalletType) : null;

/** The kinds of payment source POST /payment_sources takes (docs/api/cookbook/payment-sources.md). */
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
  /** The wallet a network token came from (its `network_type`), when it says. */
  wallet: WalletType | null;
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
 * last four), with its wallet as its network type (a network token's the wallet it names, if any:
 * Pin shows `applepay` or `googlepay`, never `network_token`). No address comes with a token.
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
  ...networkTypeOf(type, details.wallet),
  createdAt,
});

const networkTypeOf = (
  type: TokenisedSourceType,
  wallet: WalletType | null,
): { networkType?: WalletType } => {
  const networkType = type === 'network_token' ? wallet : type;
  return networkType ? { networkType } : {};
};
