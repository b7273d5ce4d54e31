import type { Route } from '../route.ts';

/** The transfers function's routes (its bundle holds these, not the whole table). */
export const transfersRoutes = [
  { method: 'POST', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/search', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}/line_items', fn: 'transfers', auth: 'secret' },
] as const satisfies readonly Route[];
