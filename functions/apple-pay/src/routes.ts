import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The apple-pay function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/apple_pay/domains', fn: 'apple-pay', auth: 'secret' },
  { method: 'GET', path: '/1/apple_pay/domains', fn: 'apple-pay', auth: 'secret' },
  {
    method: 'DELETE',
    path: '/1/apple_pay/domains/{apple_pay_domain_token}',
    fn: 'apple-pay',
    auth: 'secret',
  },
  { method: 'GET', path: '/1/apple_pay/host_check', fn: 'apple-pay', auth: 'secret' },
  { method: 'POST', path: '/1/apple_pay/sessions', fn: 'apple-pay', auth: 'secret' },
] as const satisfies readonly Route[];

/** What the apple-pay function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.readWrite, cardKey: false } satisfies FunctionAccess;
