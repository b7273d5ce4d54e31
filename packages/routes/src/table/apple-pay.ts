import type { Route } from '../route.ts';

/** The apple-pay function's routes (its bundle holds these, not the whole table). */
export const applePayRoutes = [
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
