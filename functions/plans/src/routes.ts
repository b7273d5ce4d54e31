import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The plans function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'PUT', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'DELETE', path: '/1/plans/{plan_token}', fn: 'plans', auth: 'secret' },
  { method: 'POST', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
  { method: 'GET', path: '/1/plans/{plan_token}/subscriptions', fn: 'plans', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the plans function may touch: the CDK stack grants it exactly this (infra/stack.ts).
 * Starting and reactivating a subscription bill the customer's stored card at once.
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: true,
  processor: true,
} satisfies FunctionAccess;
