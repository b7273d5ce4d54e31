import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/**
 * The events function's routes: its handler imports them from here, so that its bundle holds these
 * and not every function's.
 */
export const routes = [
  { method: 'GET', path: '/1/events', fn: 'events', auth: 'secret-or-partner' },
  {
    method: 'GET',
    path: '/1/events/{event_token}',
    fn: 'events',
    auth: 'secret-or-partner',
    notFound: 'resource_not_found',
  },
] as const satisfies readonly Route[];

/** What the events function may touch: the CDK stack grants it exactly this (infra/stack.ts). */
export const access = { table: tableAccess.readOnly, cardKey: false } satisfies FunctionAccess;
