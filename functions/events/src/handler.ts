import { apiHandler } from '@wattle/http';
import { eventsDeps } from './deps.ts';
import { getEventRoute, listEventsRoute } from './read-events.ts';
import { routes } from './routes.ts';

export const handler = apiHandler('events', routes, eventsDeps, {
  'GET /1/events': listEventsRoute,
  'GET /1/events/{event_token}': getEventRoute,
});
