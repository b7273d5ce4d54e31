import type { RouteHandler, RouteHandlers } from '@wattle/http';
import { type RouteKeyOf, routeKey, routesOf } from '@wattle/routes';
import { describe, expect, expectTypeOf, it } from 'vitest';

const handle: RouteHandler = async () => ({ status: 200, body: {} });

// `tsc -p .` (npm test's type-check) checks this file: each @ts-expect-error must be an error.

// @ts-expect-error: the balance function's one route has no handler.
const missing: RouteHandlers<'balance'> = {};

const extra: RouteHandlers<'balance'> = {
  'GET /1/balance': handle,
  // @ts-expect-error: a key that names no route of the balance function.
  'GET /1/charges': handle,
};

// @ts-expect-error: one of the events function's two routes has no handler.
const partial: RouteHandlers<'events'> = { 'GET /1/events': handle };

describe('route handler maps', () => {
  it("are keyed by exactly the function's route keys in the route table", () => {
    expectTypeOf<RouteKeyOf<'events'>>().toEqualTypeOf<'GET /1/events' | 'GET /1/events/{event_token}'>();
    expectTypeOf<RouteKeyOf<'not-found'>>().toBeNever();
    expect(routesOf('events').map(routeKey)).toEqual(['GET /1/events', 'GET /1/events/{event_token}']);
    expect([missing, extra, partial]).toHaveLength(3);
  });
});
