import { apiHandler } from '@wattle/http';
import { eventsRoutes } from '@wattle/routes/table/events';
import { eventsDeps } from './deps.ts';
import { getEventRoute, listEventsRoute } from './read-events.ts';

export const handler = apiHandler('events', eventsRoutes, eventsDeps, {
  'GET /1/events': listEventsRoute,
  'GET /1/events/{event_token}': getEventRoute,
});
