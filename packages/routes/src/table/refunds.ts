import type { Route } from '../route.ts';

/** The refunds function's routes (its bundle holds these, not the whole table). */
export const refundsRoutes = [
  { method: 'POST', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds/{refund_token}', fn: 'refunds', auth: 'secret' },
] as const satisfies readonly Route[];
