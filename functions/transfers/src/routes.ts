import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The transfers function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/search', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}', fn: 'transfers', auth: 'secret' },
  { method: 'GET', path: '/1/transfers/{transfer_token}/line_items', fn: 'transfers', auth: 'secret' },
] as const satisfies readonly Route[];

/** What the transfers function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.payingOut, cardKey: false } satisfies FunctionAccess;
