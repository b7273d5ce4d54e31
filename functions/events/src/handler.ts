import { apiHandler } from '@wattle/http';
import { eventsDeps } from './deps.ts';
import { getEventRoute, listEventsRoute } from './read-events.ts';

export const handler = apiHandler('events', eventsDeps, {
  'GET /1/events': listEventsRoute,
  'GET /1/events/{event_token}': getEventRoute,
});
