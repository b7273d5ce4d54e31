import { apiHandler } from '@wattle/http';
import { createCardRoute } from './create-card.ts';
import { cardsDeps } from './deps.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('cards', routes, cardsDeps, {
  'POST /1/cards': createCardRoute,
  'POST /1/cards.json': createCardRoute,
  'GET /1/cards.json': createCardRoute,
  'GET /1/cards': createCardRoute,
});
