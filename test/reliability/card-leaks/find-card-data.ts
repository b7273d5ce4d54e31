import { declineCards, refundFailsCard, successCards } from '@wattle/processor';

/** Every number of the processor's test card list, and the well-known US test cards. */
export const testCardNumbers: ReadonlySet<string> = new Set([
  ...Object.values(successCards),
  refundFailsCard,
  ...Object.values(declineCards).flatMap((numbers) => Object.values(numbers)),
  '4242424242424242',
  '4111111111111111',
  '5555555555554444',
]);

export interface CardDataFind {
  /** Where it was: a table item's key, a log's name and line number. */
  where: string;
  kind: 'test card number' | 'card number' | 'cvc';
  /** What was found, masked: the find itself must not print a card number again. */
  masked: string;
}

export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const mask = (digits: string): string =>
  `${digits.slice(0, 4)}…${digits.slice(-2)} (${digits.length} digits)`;

/**
 * 13 to 19 digits in a row, or in groups of four split by spaces or dashes as people write them,
 * standing alone: a run inside a word (a SHA-256 hash in hex, base64) is no card number.
 */
const digitRuns = /(?<![0-9A-Za-z])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7})(?![0-9A-Za-z])/g;
/** A CVC field with its value: JSON (`"cvc":"123"`), a form or query string (`card[cvc]=123`, encoded too). */
const cvcFields = /(?:cvc|cvv2?|card_verification)(?:["'\]]|%5D)*\s*[:=]\s*["']?(\d{3,4})(?!\d)/gi;

/**
 * Card data in clear in `text`: a test card number, any other Luhn-valid run of 13 to 19 digits
 * that starts as card numbers do (2 to 6: so 13-digit epoch milliseconds are not cards), or a CVC
 * field with a value.
 */
export const findCardData = (text: string, where: string): CardDataFind[] => {
  const finds: CardDataFind[] = [];
  for (const match of text.matchAll(digitRuns)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (testCardNumbers.has(digits)) finds.push({ where, kind: 'test card number', masked: mask(digits) });
    else if (/^[2-6]/.test(digits) && luhnValid(digits))
      finds.push({ where, kind: 'card number', masked: mask(digits) });
  }
  for (const match of text.matchAll(cvcFields))
    finds.push({ where, kind: 'cvc', masked: `cvc ${'•'.repeat(match[1]!.length)}` });
  return finds;
};

/** Payments' states before their authorisation is settled: the only payments that may hold a CVC. */
const unsettled = new Set(['processing', 'pending_3ds']);
/** The single-use tokens that keep their CVC for their one payment (either engine's names). */
const unusedTokens = new Set(['card_token', 'payment_source']);

/**
 * A CVC kept past its authorisation, in a stored item (a table item, a memory-engine record) of
 * `kind` (its `_et`, or the memory engine's kind of record). A sealed CVC is no text the search
 * above can see; PCI DSS lets one be held, encrypted, until the authorisation it was sent for:
 * by an unused card token or payment source, or by a payment not yet settled. Any other item
 * holding one is a find.
 */
export const findKeptCvc = (stored: unknown, kind: string, where: string): CardDataFind[] => {
  if (typeof stored !== 'object' || stored === null || !('sealedCvc' in stored)) return [];
  const state = (stored as { payment?: { state?: unknown } }).payment?.state;
  const mayHold =
    unusedTokens.has(kind.replace('-', '_')) || (typeof state === 'string' && unsettled.has(state));
  return mayHold ? [] : [{ where, kind: 'cvc', masked: 'a sealed cvc kept after its authorisation' }];
};

/** The finds as one message, for a failing run. */
export const describeFinds = (finds: CardDataFind[]): string =>
  `Card data in clear (${finds.length}):\n${finds
    .slice(0, 50)
    .map((find) => `- ${find.kind} ${find.masked} in ${find.where}`)
    .join('\n')}`;
