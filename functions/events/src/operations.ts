import { type OperationsOf, one, shortPaged } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'events'> = {
  'GET /1/events': shortPaged('List events', o.eventObject),
  'GET /1/events/{event_token}': one('Get an event', o.eventObject),
};
