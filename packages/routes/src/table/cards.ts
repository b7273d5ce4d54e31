import type { Route } from '../route.ts';

/** The cards function's routes (its bundle holds these, not the whole table). */
export const cardsRoutes = [
  { method: 'POST', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable' },
  // JSONP as Pin.js uses it: GET with _method=POST and the card fields in the query string.
  { method: 'GET', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },
  { method: 'GET', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },
] as const satisfies readonly Route[];
