import {
  type CardDetails,
  cardTokenNotFound,
  cardTokenUsed,
  type Ids,
  newCard,
  type PinError,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { type CardIntake, type CardTokensStore, TokenUsed } from '@wattle/ports';

/**
 * A card from its details: a new token, the number sealed; with `withCvc` (a card token, a
 * payment's own card: for its one authorisation), the CVC too, else it is forgotten (a
 * customer's card never keeps one).
 */
export const sealNewCard = async (
  { cardTokens, ids }: { cardTokens: CardTokensStore; ids: Ids },
  scope: Scope,
  details: CardDetails,
  now: Date,
  { withCvc }: { withCvc: boolean } = { withCvc: false },
): Promise<CardIntake> => {
  const card = newCard(details, ids.token('card'), toTimestamp(now));
  const cvc = withCvc ? details.cvc : undefined;
  return { from: 'new', sealed: await cardTokens.seal(scope, card, details.number, cvc) };
};

/**
 * Why a card token named to pay or to be a customer's card is refused, when it is not unused (nor,
 * for a payment, a card a customer keeps): used before, or not this merchant's to use.
 */
export const refusedCardToken = async (
  { cardTokens }: { cardTokens: CardTokensStore },
  scope: Scope,
  cardToken: string,
  now: Date,
): Promise<PinError> =>
  (await cardTokens.wasUsed(scope, cardToken, now)) ? cardTokenUsed() : cardTokenNotFound();

/** An unused card token to take in, or why it cannot be. */
export const takeUnusedToken = async (
  deps: { cardTokens: CardTokensStore },
  scope: Scope,
  cardToken: string,
  now: Date,
): Promise<CardIntake> => {
  const sealed = await deps.cardTokens.findUnused(scope, cardToken, now);
  if (!sealed) throw await refusedCardToken(deps, scope, cardToken, now);
  return { from: 'token', sealed };
};

/**
 * Commits a change that uses a single-use token (card, payment source or bank account). When
 * another request used the token first (or it expired in between), the store throws TokenUsed:
 * the request is answered `refusal`, as if the token had been used before it came.
 */
export const commitUsingToken = async <T>(refusal: () => PinError, commit: () => Promise<T>): Promise<T> => {
  try {
    return await commit();
  } catch (error) {
    if (error instanceof TokenUsed) throw refusal();
    throw error;
  }
};
