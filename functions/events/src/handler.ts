import { apiHandler } from '@wattle/http';
import { getEvent, listEvents } from './read-events.ts';

export const handler = apiHandler('events', {
  'GET /1/events': listEvents,
  'GET /1/events/{event_token}': getEvent,
});
