import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The merchants function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/default_settings', fn: 'merchants', auth: 'partner' },
  { method: 'GET', path: '/1/merchants/{merchant_token}', fn: 'merchants', auth: 'partner' },
] as const satisfies readonly Route[];

/**
 * What the merchants function may touch: the CDK stack grants it exactly this (infra/stack.ts). A
 * merchant's keys are kept sealed for its partner with the same key.
 */
export const access = { table: tableAccess.readWrite, cardKey: true } satisfies FunctionAccess;
