import {
  addMonths,
  type Card,
  type CardDetails,
  type Clock,
  cardTokenLifetimeMonths,
  type Ids,
  type Scope,
} from '@wattle/domain';
import type { CardTokensStore } from '@wattle/ports';
import { sealNewCard } from './card-intake.ts';

/**
 * POST /cards: stores the card under a single-use token that expires one month later. The number
 * is sealed before it is stored, and the CVC too, for the token's one charge or authorisation
 * (it goes with the token's use: a customer made from the token never keeps it).
 */
export const createCard = async (
  { cardTokens, clock, ids }: { cardTokens: CardTokensStore; clock: Clock; ids: Ids },
  scope: Scope,
  details: CardDetails,
): Promise<Card> => {
  const now = clock.now();
  const { sealed } = await sealNewCard({ cardTokens, ids }, scope, details, now, { withCvc: true });
  await cardTokens.put(scope, sealed, addMonths(now, cardTokenLifetimeMonths));
  return sealed.card;
};
