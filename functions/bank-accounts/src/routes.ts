import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The bank-accounts function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
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

/**
 * What the bank-accounts function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). Bank account numbers are sealed with the same key as card numbers.
 */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
