import type { Route } from '../route.ts';

/** The bank-accounts function's routes (its bundle holds these, not the whole table). */
export const bankAccountsRoutes = [
  { method: 'POST', path: '/1/bank_accounts', fn: 'bank-accounts', auth: 'secret-or-publishable' },
  { method: 'POST', path: '/1/bank_accounts.json', fn: 'bank-accounts', auth: 'secret-or-publishable' },
  {
    method: 'GET',
    path: '/1/bank_accounts.json',
    fn: 'bank-accounts',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
  {
    method: 'GET',
    path: '/1/bank_accounts',
    fn: 'bank-accounts',
    auth: 'secret-or-publishable',
    jsonp: true,
  },
] as const satisfies readonly Route[];
