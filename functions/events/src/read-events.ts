import { getEvent, listEvents } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentEvent } from '@wattle/wire';
import type { EventsDeps } from './deps.ts';

/** GET /events/{token}: the event as recorded, `data` the resource as its endpoint showed it. */
export const getEventRoute: RouteHandler<EventsDeps, 'GET /1/events/{event_token}'> = async (request, deps) =>
  resource(200, presentEvent(await getEvent(deps, scopeOf(request), request.params.event_token)));

/** GET /events: newest first, short pagination without a top-level count. */
export const listEventsRoute: RouteHandler<EventsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('short', page, await listEvents(deps, scopeOf(request), page), presentEvent);
};
