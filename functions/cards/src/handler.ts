import { apiHandler } from '@wattle/http';
import { createCardRoute } from './create-card.ts';

export const handler = apiHandler('cards', {
  'POST /1/cards': createCardRoute,
  'POST /1/cards.json': createCardRoute,
  'GET /1/cards.json': createCardRoute,
  'GET /1/cards': createCardRoute,
});
