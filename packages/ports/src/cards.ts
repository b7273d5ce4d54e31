import type { Card, ProcessorCard, Scope } from '@wattle/domain';
import type { Cipher } from './system.ts';

/**
 * A card's secrets, sealed by the store's cipher, bound to the merchant and the card: its number,
 * and the CVC sent with it, held only until the one payment it was sent for is authorised (an
 * unused card token's, a reserved payment's; never a customer's card's: PCI DSS 3.3.1).
 */
export interface SealedSecrets {
  sealedNumber: string;
  sealedCvc?: string | undefined;
}

/** A card's secrets in clear, for the processor. Never log or store them. */
export interface CardSecrets {
  number: string;
  cvc?: string;
}

/**
 * Seals a card's number, and its CVC when given, with the store's cipher bound to `context` (the
 * card's: its merchant and token); the CVC under a context of its own, so neither opens as the other.
 */
export const sealCardSecrets = async (
  cipher: Cipher,
  context: string,
  number: string,
  cvc?: string,
): Promise<SealedSecrets> => {
  const sealedNumber = await cipher.seal(number, context);
  return cvc ? { sealedNumber, sealedCvc: await cipher.seal(cvc, `${context}#cvc`) } : { sealedNumber };
};

/** The secrets sealCardSecrets sealed under `context`, in clear. */
export const openCardSecrets = async (
  cipher: Cipher,
  context: string,
  { sealedNumber, sealedCvc }: SealedSecrets,
): Promise<CardSecrets> => {
  const number = await cipher.open(sealedNumber, context);
  return sealedCvc ? { number, cvc: await cipher.open(sealedCvc, `${context}#cvc`) } : { number };
};

/** A card with its number (and, before its authorisation, its CVC) sealed: what a charge or a customer takes from a token. */
export interface SealedCard extends SealedSecrets {
  card: Card;
}

/**
 * Where a customer's new card comes from: a card just sealed, an unused card token taken in, or
 * an unused payment source taken in (its token used up by the same write).
 */
export type CardIntake =
  | { from: 'new'; sealed: SealedCard }
  | { from: 'token'; sealed: SealedCard }
  | { from: 'payment_source'; sealed: SealedCard; paymentSourceToken: string };

/**
 * Card tokens from POST /cards: single use, one month. A write that uses one up (a payment, a
 * customer, a customer's card) leaves the mark of its use, and throws TokenUsed when another
 * request used it first or it expired.
 */
export interface CardTokensStore {
  /**
   * Seals the number, and the CVC when given (a card token's, a payment's own card: for its one
   * authorisation), bound to the card's scope and token.
   */
  seal(scope: Scope, card: Card, cardNumber: string, cvc?: string): Promise<SealedCard>;
  /**
   * The card as the processor takes it: its number, and its CVC if it was sealed with one. Never
   * log or store what this returns.
   */
  open(scope: Scope, sealed: SealedCard): Promise<ProcessorCard>;
  put(scope: Scope, sealed: SealedCard, expiresAt: Date): Promise<void>;
  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null>;
  /**
   * Whether this merchant's token was used (by a payment or a customer) within its month: the
   * mark its use left, written by the same write. False for one never made, another merchant's,
   * unused, or past its month.
   */
  wasUsed(scope: Scope, cardToken: string, now: Date): Promise<boolean>;
}
