import type { Route } from '../route.ts';

/** The plans function's routes (its bundle holds these, not the whole table). */
export const plansRoutes = [
  { method: 'POST', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'PUT', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'DELETE', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'POST', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
] as const satisfies readonly Route[];
