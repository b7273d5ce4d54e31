import type { Route } from '../route.ts';

/** The payment-sources function's routes (its bundle holds these, not the whole table). */
export const paymentSourcesRoutes = [
  // Payment sources take the publishable key and JSONP as cards do (docs/api/behaviour.md).
  { method: 'POST', path: '/1/payment_sources', fn: 'payment-sources', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/payment_sources.json', fn: 'payment-sources', auth: 'secret-or-publishable' },
  {
    method: 'GET',
    path: '/1/payment_sources.json',
    fn: 'payment-sources',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/payment_sources',
    fn: 'payment-sources',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/payment_sources/{payment_source_token}',
    fn: 'payment-sources',
    auth: 'secret',
  },
] as const satisfies readonly Route[];
