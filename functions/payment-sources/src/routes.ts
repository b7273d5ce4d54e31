import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The payment-sources function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
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

/**
 * What the payment-sources function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). A payment source's number is sealed as a card's.
 */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
