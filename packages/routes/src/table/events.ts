import type { Route } from '../route.ts';

/** The events function's routes (its bundle holds these, not the whole table). */
export const eventsRoutes = [
  { method: 'GET', path: '/1/events', fn: 'events', auth: 'secret-or-partner' },
  {
    method: 'GET',
    path: '/1/events/{event_token}',
    fn: 'events',
    auth: 'secret-or-partner',
    notFound: 'resource_not_found',
  },
] as const satisfies readonly Route[];
