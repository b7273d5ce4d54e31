import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The disputes function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'GET', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  // docs/api/behaviour.md: HEAD answers the count alone, in X-Total-Count.
  { method: 'HEAD', path: '/1/disputes', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/search', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/activity', fn: 'disputes', auth: 'secret' },
  { method: 'GET', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'PUT', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/evidence', fn: 'disputes', auth: 'secret' },
  { method: 'POST', path: '/1/disputes/{dispute_token}/accept', fn: 'disputes', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the disputes function may touch: the CDK stack grants it exactly this (infra/stack.ts).
 * Evidence and the merchant's steps; the issuer's moves are the scheduler's.
 */
export const access = { table: tableAccess.readWrite, cardKey: false } satisfies FunctionAccess;
