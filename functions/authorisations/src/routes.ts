import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The authorisations function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations', fn: 'authorisations', auth: 'secret' },
  { method: 'GET', path: '/1/authorisations/{auth_token}', fn: 'authorisations', auth: 'secret' },
  { method: 'PUT', path: '/1/authorisations/{auth_token}/void', fn: 'authorisations', auth: 'secret' },
  { method: 'POST', path: '/1/authorisations/{auth_token}/charges', fn: 'authorisations', auth: 'secret' },
] as const satisfies readonly Route[];

/**
 * What the authorisations function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts).
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: true,
  processor: true,
} satisfies FunctionAccess;
