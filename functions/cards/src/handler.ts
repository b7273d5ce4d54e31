import { apiHandler } from '@wattle/http';
import { cardsRoutes } from '@wattle/routes/table/cards';
import { createCardRoute } from './create-card.ts';
import { cardsDeps } from './deps.ts';

export const handler = apiHandler('cards', cardsRoutes, cardsDeps, {
  'POST /1/cards': createCardRoute,
  'POST /1/cards.json': createCardRoute,
  'GET /1/cards.json': createCardRoute,
  'GET /1/cards': createCardRoute,
});
