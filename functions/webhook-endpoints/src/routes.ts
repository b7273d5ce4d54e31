import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The webhook-endpoints function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'POST', path: '/1/webhook_endpoints', fn: 'webhook-endpoints', auth: 'secret' },
  { method: 'GET', path: '/1/webhook_endpoints', fn: 'webhook-endpoints', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/webhook_endpoints/{webhook_endpoint_token}',
    fn: 'webhook-endpoints',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'DELETE',
    path: '/1/webhook_endpoints/{webhook_endpoint_token}',
    fn: 'webhook-endpoints',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
] as const satisfies readonly Route[];

/**
 * What the webhook-endpoints function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts).
 */
export const access = { table: tableAccess.readWrite, cardKey: false } satisfies FunctionAccess;
