import type { Route } from '../route.ts';

/** The recipients function's routes (its bundle holds these, not the whole table). */
export const recipientsRoutes = [
  { method: 'POST', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'PUT', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'DELETE', path: '/1/recipients/{recipient_token}', fn: 'recipients', auth: 'secret' },
  { method: 'GET', path: '/1/recipients/{recipient_token}/transfers', fn: 'recipients', auth: 'secret' },
] as const satisfies readonly Route[];
