import { type CardDetails, type Ids, invalidToken, newCard, type Scope, toTimestamp } from '@wattle/domain';
import { type CardIntake, ConditionFailedError, type Store } from '@wattle/store';

/** A card from its details: a new token, the number sealed. */
export const sealNewCard = async (
  store: Store,
  ids: Ids,
  scope: Scope,
  details: CardDetails,
  now: Date,
): Promise<CardIntake> => {
  const card = newCard(details, ids.token('card'), toTimestamp(now));
  return { from: 'new', sealed: await store.cardTokens.seal(scope, card, details.number) };
};

/** An unused card token to take in, or the invalid-token error for `param`. */
export const takeUnusedToken = async (
  store: Store,
  scope: Scope,
  cardToken: string,
  now: Date,
  param: string,
): Promise<CardIntake> => {
  const sealed = await store.cardTokens.findUnused(scope, cardToken, now);
  if (!sealed) throw invalidToken(param);
  return { from: 'token', sealed };
};

/**
 * Commits a change that uses a card token. When another request used the token first (or it
 * expired in between), the transaction's token condition fails: the same answer as a used token.
 */
export const commitUsingToken = async <T>(
  param: string,
  commit: () => Promise<T>,
  label = 'card-token',
): Promise<T> => {
  try {
    return await commit();
  } catch (error) {
    if (error instanceof ConditionFailedError && error.label === label) throw invalidToken(param);
    throw error;
  }
};
