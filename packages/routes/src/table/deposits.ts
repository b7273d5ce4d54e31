import type { Route } from '../route.ts';

/** The deposits function's routes (its bundle holds these, not the whole table). */
export const depositsRoutes = [
  { method: 'GET', path: '/1/deposits', fn: 'deposits', auth: 'secret' },
  { method: 'GET', path: '/1/deposits/{deposit_token}', fn: 'deposits', auth: 'secret' },
] as const satisfies readonly Route[];
