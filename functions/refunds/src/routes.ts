import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The refunds function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/charges/{charge_token}/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds', fn: 'refunds', auth: 'secret' },
  { method: 'GET', path: '/1/refunds/{refund_token}', fn: 'refunds', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the refunds function may touch: the CDK stack grants it exactly this (infra/stack.ts).
 * Refunds never open a card number.
 */
export const access = { table: tableAccess.readWrite, cardKey: false } satisfies FunctionAccess;
