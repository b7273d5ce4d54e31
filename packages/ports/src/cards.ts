import type { Card, Scope } from '@wattle/domain';

/** A card with its number sealed: what a charge or a customer takes from a token. */
export interface SealedCard {
  card: Card;
  sealedNumber: string;
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
 * customer, a customer's card) throws TokenUsed when another request used it first or it expired.
 */
export interface CardTokensStore {
  /** Seals the number, bound to the card's scope and token. */
  seal(scope: Scope, card: Card, cardNumber: string): Promise<SealedCard>;
  /** The number of a sealed card, for the processor. Never log or store what this returns. */
  open(scope: Scope, sealed: SealedCard): Promise<string>;
  put(scope: Scope, sealed: SealedCard, expiresAt: Date): Promise<void>;
  /** The unused, unexpired token, or null (never existed, another merchant's, used or expired). */
  findUnused(scope: Scope, cardToken: string, now: Date): Promise<SealedCard | null>;
}
