import type { Route } from '../route.ts';

/** The merchants function's routes (its bundle holds these, not the whole table). */
export const merchantsRoutes = [
  { method: 'POST', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/default_settings', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/{merchant_token}', fn: 'merchants', auth: 'partner' },
] as const satisfies readonly Route[];
