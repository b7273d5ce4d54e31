import { apiHandler } from '@wattle/http';
import { getEventRoute, listEventsRoute } from './read-events.ts';

export const handler = apiHandler('events', {
  'GET /1/events': listEventsRoute,
  'GET /1/events/{event_token}': getEventRoute,
});
