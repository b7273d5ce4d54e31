import { unowned } from '@wattle/domain';
import { createCard } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { cardInputSchema, presentCard, validate } from '@wattle/wire';
import type { CardsDeps } from './deps.ts';

/** POST /cards: 201 with the card and its single-use token, and the caller's address. */
export const createCardRoute: RouteHandler<CardsDeps> = async (request, deps) => {
  const details = validate(cardInputSchema(deps.clock.now(), request.environment), request.body);
  const card = await createCard(deps, scopeOf(request), details);
  return resource(201, presentCard(card, unowned), { ip_address: request.sourceIp });
};
