import { countryCode } from './countries.ts';
import { PinError } from './errors.ts';

/** The cardholder and billing address, as sent and as stored. */
export interface CardHolder {
  expiryMonth: number;
  expiryYear: number;
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  addressCity: string;
  addressPostcode: string;
  addressState: string;
  addressCountry: string;
}

/** Card details as the merchant sent them, after the request's shape was checked. */
export interface CardDetails extends CardHolder {
  number: string;
  cvc: string;
}

/** Whose card it is, as the card object shows it: null and null when it belongs to no customer. */
export interface CardOwner {
  customerToken: string | null;
  primary: boolean | null;
}

export const unowned: CardOwner = { customerToken: null, primary: null };

/** A stored card: everything Pin shows, never the full number or the CVC. Immutable once made. */
export interface Card extends CardHolder {
  token: string;
  scheme: string;
  displayNumber: string;
  /** The first six digits (the issuer's BIN): with the last four, all that may be kept in clear. */
  bin?: string;
  issuingCountry: string;
  createdAt: string;
  /**
   * The wallet or network token the card came in (`applepay`, `googlepay`, `network_token`), shown
   * as `network_type`; absent for a card sent with its own number.
   */
  networkType?: string;
}

/** The Luhn (mod 10) check every card number passes. */
export const isLuhnValid = (number: string): boolean => {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = number.charCodeAt(number.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** Card numbers arrive with spaces or dashes as people type them; only the digits count. */
export const normaliseCardNumber = (raw: string): string => raw.replace(/[\s-]/g, '');

/** A plausible card number: 12 to 19 digits passing the Luhn check. */
export const isValidCardNumber = (number: string): boolean =>
  number.length >= 12 && number.length <= 19 && isLuhnValid(number);

const schemeRules: Array<[string, (n: string) => boolean]> = [
  ['amex', (n) => /^3[47]/.test(n)],
  ['visa', (n) => n.startsWith('4')],
  [
    'master',
    (n) => {
      const four = Number(n.slice(0, 4));
      return /^5[1-5]/.test(n) || (four >= 2221 && four <= 2720);
    },
  ],
  ['diners', (n) => /^3(0[0-5]|[689])/.test(n)],
  [
    'discover',
    (n) => {
      const three = Number(n.slice(0, 3));
      return n.startsWith('6011') || n.startsWith('65') || (three >= 644 && three <= 649);
    },
  ],
  ['jcb', (n) => Number(n.slice(0, 4)) >= 3528 && Number(n.slice(0, 4)) <= 3589],
  ['china_union_pay', (n) => n.startsWith('62')],
];

/** The card scheme from the number's leading digits (Pin's names: visa, master, amex, ...). */
export const cardScheme = (number: string): string =>
  schemeRules.find(([, matches]) => matches(number))?.[0] ?? 'unknown';

/**
 * The masked number Pin shows: X for hidden digits, the last four visible, groups of four
 * counted from the right and joined by dashes (4200000000000000 → XXXX-XXXX-XXXX-0000).
 */
export const displayNumber = (number: string): string => {
  const masked = 'X'.repeat(number.length - 4) + number.slice(-4);
  const groups: string[] = [];
  for (let end = masked.length; end > 0; end -= 4) groups.unshift(masked.slice(Math.max(0, end - 4), end));
  return groups.join('-');
};

/**
 * The simulated issuing country. Pin's test cards are Australian; the internationally known test
 * numbers below are treated as US-issued, so foreign-card pricing can be exercised.
 */
const foreignTestPrefixes = ['4111', '4242', '5555', '378282'];
export const issuingCountry = (number: string): string =>
  foreignTestPrefixes.some((prefix) => number.startsWith(prefix)) ? 'US' : 'AU';

/** Two-digit years mean this century, as card faces print them. */
export const fullExpiryYear = (year: number): number => (year < 100 ? 2000 + year : year);

/** A card is good through the last day of its expiry month (UTC). */
export const isExpired = (expiryMonth: number, expiryYear: number, now: Date): boolean => {
  const year = fullExpiryYear(expiryYear);
  const thisYear = now.getUTCFullYear();
  return year < thisYear || (year === thisYear && expiryMonth < now.getUTCMonth() + 1);
};

export const isValidCvc = (cvc: string): boolean => /^\d{3,4}$/.test(cvc);

export const isKnownCountry = (value: string): boolean => countryCode(value) !== null;

/** The stored card made from the details: the number only masked, the CVC dropped. */
export const newCard = (details: CardDetails, token: string, createdAt: string): Card => {
  const { number, cvc: _cvc, ...holder } = details;
  return {
    ...holder,
    token,
    scheme: cardScheme(number),
    displayNumber: displayNumber(number),
    bin: number.slice(0, 6),
    issuingCountry: issuingCountry(number),
    expiryYear: fullExpiryYear(details.expiryYear),
    createdAt,
  };
};

/** Card tokens made by POST /cards expire one month after creation if unused (docs/api/cookbook/cards.md). */
export const cardTokenLifetimeMonths = 1;

/**
 * A card token this merchant used before (a payment, a customer), asked to pay or to be a
 * customer's card again: Pin's 400 `token_already_used` (decision 208).
 */
export const cardTokenUsed = (): PinError => new PinError('token_already_used');

/**
 * A card token this merchant does not hold: never made, another merchant's, or past its month.
 * Pin's 404 `not_found`, as recorded for a charge naming a card token its account did not hold
 * (decision 208); one answer for all, so no merchant learns of another's tokens.
 */
export const cardTokenNotFound = (): PinError => new PinError('not_found');
