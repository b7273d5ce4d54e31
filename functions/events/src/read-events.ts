import { PinError, presentEvent } from '@wattle/domain';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';

/** GET /events/{token}: the event as recorded, `data` the resource as its endpoint showed it. */
export const getEvent: RouteHandler = async (request, { store }) => {
  const event = await store.events.get(scopeOf(request), request.params.event_token!);
  if (!event) throw new PinError('resource_not_found');
  return resource(200, presentEvent(event));
};

/** GET /events: newest first, short pagination without a top-level count. */
export const listEvents: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('short', page, await store.events.list(scopeOf(request), page), presentEvent);
};
