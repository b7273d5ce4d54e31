import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The deposits function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'GET', path: '/1/deposits', fn: 'deposits', auth: 'secret' },
  { method: 'GET', path: '/1/deposits/{deposit_token}', fn: 'deposits', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the deposits function may touch: the CDK stack grants it exactly this (infra/stack.ts). The
 * scheduler makes deposits; the function only shows them.
 */
export const access = { table: tableAccess.readOnly, cardKey: false } satisfies FunctionAccess;
