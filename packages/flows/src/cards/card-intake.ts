import { type CardDetails, type Ids, invalidToken, newCard, type Scope, toTimestamp } from '@wattle/domain';
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

/** An unused card token to take in, or the invalid-token error for `param`. */
export const takeUnusedToken = async (
  { cardTokens }: { cardTokens: CardTokensStore },
  scope: Scope,
  cardToken: string,
  now: Date,
  param: string,
): Promise<CardIntake> => {
  const sealed = await cardTokens.findUnused(scope, cardToken, now);
  if (!sealed) throw invalidToken(param);
  return { from: 'token', sealed };
};

/**
 * Commits a change that uses a single-use token (card or bank account). When another request
 * used the token first (or it expired in between), the store throws TokenUsed: the same answer
 * as a used token, for `param`.
 */
export const commitUsingToken = async <T>(param: string, commit: () => Promise<T>): Promise<T> => {
  try {
    return await commit();
  } catch (error) {
    if (error instanceof TokenUsed) throw invalidToken(param);
    throw error;
  }
};
