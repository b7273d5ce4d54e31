import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The customers function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/customers', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'PUT', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'DELETE', path: '/1/customers/{customer_token}', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}/charges', fn: 'customers', auth: 'secret' },
  { method: 'GET', path: '/1/customers/{customer_token}/cards', fn: 'customers', auth: 'secret' },
  {
    method: 'POST',
    path: '/1/customers/{customer_token}/cards',
    fn: 'customers',
    auth: 'secret-or-publishable',
  },
  {
    method: 'DELETE',
    path: '/1/customers/{customer_token}/cards/{card_token}',
    fn: 'customers',
    auth: 'secret',
  },
  { method: 'GET', path: '/1/customers/{customer_token}/subscriptions', fn: 'customers', auth: 'secret' },
] as const satisfies readonly Route[];

/** What the customers function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
