import type { Card, CardDetails } from './card.ts';
import { fieldIssue, PinError } from './errors.ts';

export interface CustomerFields {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  company: string;
  notes: string;
}

export interface Customer extends CustomerFields {
  token: string;
  createdAt: string;
  /** A copy of the primary card: cards never change, so the copy never goes stale. */
  primaryCard: Card;
}

/** What PUT /customers/{token} asks for besides its plain fields (docs/api/cookbook/customers.md). */
export type CardChange =
  | { kind: 'none' }
  | { kind: 'new-card'; details: CardDetails }
  | { kind: 'replace-with-token'; token: string }
  /** payment_source_token: the source's card becomes primary, as a new card does (rule 3). */
  | { kind: 'replace-with-payment-source'; token: string }
  | { kind: 'make-primary'; token: string };

export interface CardChangeInput {
  card?: CardDetails | undefined;
  cardToken?: string | undefined;
  paymentSourceToken?: string | undefined;
  primaryCardToken?: string | undefined;
}

/** Rule 2: at most one of card, card_token (or payment_source_token, its kin) and primary_card_token. */
export const cardChangeOf = (input: CardChangeInput): CardChange => {
  const given = [input.card, input.cardToken, input.paymentSourceToken, input.primaryCardToken].filter(
    (x) => x !== undefined,
  );
  if (given.length > 1) throw new PinError('too_many_card_parameters');
  if (input.card) return { kind: 'new-card', details: input.card };
  if (input.paymentSourceToken !== undefined) {
    return { kind: 'replace-with-payment-source', token: input.paymentSourceToken };
  }
  if (input.cardToken !== undefined) return { kind: 'replace-with-token', token: input.cardToken };
  if (input.primaryCardToken !== undefined) return { kind: 'make-primary', token: input.primaryCardToken };
  return { kind: 'none' };
};

/** Where a card token named in a customer update was found. */
export type TokenSource =
  | { kind: 'customer-card'; card: Card }
  | { kind: 'unused-token'; card: Card }
  | { kind: 'unknown' };

/** The card moves one update makes: which card becomes primary, which is removed, which is taken in. */
export interface CardMoves {
  newPrimary: Card;
  /** The old primary card, removed permanently (rules 3 and 4). */
  removed: Card | null;
  /** An unused card token taken into the customer's cards (consumed: single use). */
  adopted: Card | null;
}

/**
 * Rules 4 and 5: a named token must be a card of this customer or an unused token. card_token
 * removes the old primary; primary_card_token keeps it as a non-primary card.
 */
export const movesForToken = (
  change: { kind: 'replace-with-token' | 'make-primary'; token: string },
  currentPrimary: Card,
  source: TokenSource,
  param: string,
): CardMoves => {
  if (source.kind === 'unknown') throw invalidToken(param);
  const card = source.card;
  if (card.token === currentPrimary.token) return { newPrimary: card, removed: null, adopted: null };
  return {
    newPrimary: card,
    removed: change.kind === 'replace-with-token' ? currentPrimary : null,
    adopted: source.kind === 'unused-token' ? card : null,
  };
};

/** Rule 3: a new card replaces the primary, and the old primary is removed. */
export const movesForNewCard = (newCard: Card, currentPrimary: Card): CardMoves => ({
  newPrimary: newCard,
  removed: currentPrimary,
  adopted: null,
});

/**
 * The same answer for a token that never existed, belongs to someone else, expired or was used: a
 * bank account token's, a payment source's, a card token named in a customer's update. (A card
 * token taken in as a new card is answered as Pin answers: card.ts, decision 208.)
 */
export const invalidToken = (param: string): PinError =>
  new PinError('invalid_resource', {
    messages: [fieldIssue(param, 'is invalid, expired or has already been used')],
  });
