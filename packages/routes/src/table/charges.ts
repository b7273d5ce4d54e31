import type { Route } from '../route.ts';

/** The charges function's routes (its bundle holds these, not the whole table). */
export const chargesRoutes = [
  { method: 'POST', path: '/1/charges', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/search', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/verify', fn: 'charges', auth: 'secret' },
  { method: 'GET', path: '/1/charges/{charge_token}', fn: 'charges', auth: 'secret' },
  { method: 'PUT', path: '/1/charges/{charge_token}/void', fn: 'charges', auth: 'secret' },
  { method: 'PUT', path: '/1/charges/{charge_token}/capture', fn: 'charges', auth: 'secret' },
  // The simulated issuer's 3-D Secure page: the payer's browser carries no key, only the session.
  { method: 'GET', path: '/1/three_d_secure/{session_token}', fn: 'charges', auth: 'none' },
  { method: 'POST', path: '/1/three_d_secure/{session_token}', fn: 'charges', auth: 'none' },
] as const satisfies readonly Route[];
