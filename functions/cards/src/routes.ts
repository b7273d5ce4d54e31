import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The cards function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable' },
  // JSONP as Pin.js uses it: GET with _method=POST and the card fields in the query string.
  { method: 'GET', path: '/1/cards.json', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },
  { method: 'GET', path: '/1/cards', fn: 'cards', auth: 'secret-or-publishable', jsonp: true },
] as const satisfies readonly Route[];

/** What the cards function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
