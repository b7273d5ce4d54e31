import type { Route } from '../route.ts';

/** The webhook-endpoints function's routes (its bundle holds these, not the whole table). */
export const webhookEndpointsRoutes = [
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
