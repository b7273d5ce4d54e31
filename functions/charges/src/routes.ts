import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The charges function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
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

/** What the charges function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = {
  table: tableAccess.readWrite,
  cardKey: true,
  processor: true,
} satisfies FunctionAccess;
