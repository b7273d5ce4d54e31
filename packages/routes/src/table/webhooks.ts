import type { Route } from '../route.ts';

/** The webhooks function's routes (its bundle holds these, not the whole table). */
export const webhooksRoutes = [
  { method: 'GET', path: '/1/webhooks', fn: 'webhooks', auth: 'secret' },
  {
    method: 'GET',
    path: '/1/webhooks/{webhook_token}',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
  {
    method: 'PUT',
    path: '/1/webhooks/{webhook_token}/replay',
    fn: 'webhooks',
    auth: 'secret',
    notFound: 'resource_not_found',
  },
] as const satisfies readonly Route[];
