import type { Route } from '../route.ts';

/** The balance function's routes (its bundle holds these, not the whole table). */
export const balanceRoutes = [
  { method: 'GET', path: '/1/balance', fn: 'balance', auth: 'secret' },
] as const satisfies readonly Route[];
