import { apiHandler } from '@wattle/http';
import { createCard } from './create-card.ts';

export const handler = apiHandler('cards', {
  'POST /1/cards': createCard,
  'POST /1/cards.json': createCard,
  'GET /1/cards.json': createCard,
  'GET /1/cards': createCard,
});
