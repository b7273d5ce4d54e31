import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The recipients function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'PUT', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'DELETE', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}/transfers', fn: 'recipients', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the recipients function may touch: the CDK stack grants it exactly this (infra/stack.ts).
 * Recipients' account numbers are sealed with the card key.
 */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
