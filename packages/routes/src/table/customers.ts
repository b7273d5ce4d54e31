import type { Route } from '../route.ts';

/** The customers function's routes (its bundle holds these, not the whole table). */
export const customersRoutes = [
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
