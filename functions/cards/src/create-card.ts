import {
  addMonths,
  cardTokenLifetimeMonths,
  newCard,
  presentCard,
  toTimestamp,
  unowned,
} from '@wattle/domain';
import { cardInputSchema, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';

/**
 * POST /cards: stores the card and answers its single-use token, which expires one month later.
 * The number is sealed before it is stored; the CVC is checked and then forgotten.
 */
export const createCard: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const details = validate(cardInputSchema(now), request.body);
  const card = newCard(details, ids.token('card'), toTimestamp(now));
  const scope = scopeOf(request);
  const sealed = await store.cardTokens.seal(scope, card, details.number);
  await store.cardTokens.put(scope, sealed, addMonths(now, cardTokenLifetimeMonths));
  return resource(201, presentCard(card, unowned), { ip_address: request.sourceIp });
};
