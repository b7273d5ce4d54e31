import {
  addMonths,
  type Card,
  type CardDetails,
  type Clock,
  cardTokenLifetimeMonths,
  type Ids,
  newCard,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import type { CardTokensStore } from '@wattle/ports';

/**
 * POST /cards: stores the card under a single-use token that expires one month later. The number
 * is sealed before it is stored; the CVC was checked and is forgotten.
 */
export const createCard = async (
  { cardTokens, clock, ids }: { cardTokens: CardTokensStore; clock: Clock; ids: Ids },
  scope: Scope,
  details: CardDetails,
): Promise<Card> => {
  const now = clock.now();
  const card = newCard(details, ids.token('card'), toTimestamp(now));
  const sealed = await cardTokens.seal(scope, card, details.number);
  await cardTokens.put(scope, sealed, addMonths(now, cardTokenLifetimeMonths));
  return card;
};
