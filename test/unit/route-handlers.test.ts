import { readBalance } from '@wattle/flows';
import { type ApiDeps, apiHandler, type RouteHandler, type RouteHandlers, scopeOf } from '@wattle/http';
import { type PathParams, type RouteKeyOf, routeKey, routesOf } from '@wattle/routes';
import { functionDeps } from '@wattle/runtime';
import { accounts, balance, cardTokens, idempotency, payments } from '@wattle/runtime/parts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { routes as balanceRoutes } from '../../functions/balance/src/routes.ts';

const handle: RouteHandler<ApiDeps> = async () => ({ status: 200, body: {} });

// `tsc -p .` (npm test's type-check) checks this file: each @ts-expect-error must be an error.

// @ts-expect-error: the balance function's one route has no handler.
const missing: RouteHandlers<'balance', ApiDeps> = {};

const extra: RouteHandlers<'balance', ApiDeps> = {
  'GET /1/balance': handle,
  // @ts-expect-error: a key that names no route of the balance function.
  'GET /1/charges': handle,
};

// @ts-expect-error: one of the events function's two routes has no handler.
const partial: RouteHandlers<'events', ApiDeps> = { 'GET /1/events': handle };

// A function's handlers get its composition (functionDeps) and nothing more: a handler whose flow
// needs a repository the function did not compose does not compile. (apiHandler and functionDeps
// build nothing until the first request, so these lines run nothing.)
const balanceDeps = functionDeps({ accounts, idempotency, balance });
const readsBalance: RouteHandler<ReturnType<typeof balanceDeps>> = async (request, deps) => ({
  status: 200,
  body: await readBalance(deps, scopeOf(request)),
});
const composed = apiHandler('balance', balanceRoutes, balanceDeps, { 'GET /1/balance': readsBalance });

const readsPayments = async (_request: unknown, deps: ApiDeps & { payments: { get: unknown } }) => ({
  status: 200,
  body: deps.payments,
});
// @ts-expect-error: the balance function's composition has no payments repository.
const notComposed = apiHandler('balance', balanceRoutes, balanceDeps, { 'GET /1/balance': readsPayments });

// @ts-expect-error: an API function's chain needs the accounts (authentication) and idempotency repositories.
const noAuthentication = apiHandler('balance', balanceRoutes, functionDeps({ balance }), {
  'GET /1/balance': handle,
});

// @ts-expect-error: a known name is made by its own part only.
const misnamed = functionDeps({ accounts, idempotency, payments: cardTokens });

// A handler's path parameters are its route's, from the route key it names.
const readsEvent: RouteHandler<ApiDeps, 'GET /1/events/{event_token}'> = async (request) => ({
  status: 200,
  body: { token: request.params.event_token },
});
const readsEvents: RouteHandler<ApiDeps, 'GET /1/events'> = async (request) => ({
  status: 200,
  // @ts-expect-error: GET /1/events has no parameter in its path.
  body: { token: request.params.event_token },
});
const wrongRoute: RouteHandlers<'events', ApiDeps> = {
  // @ts-expect-error: a handler reading event_token, given the route whose path has none.
  'GET /1/events': readsEvent,
  'GET /1/events/{event_token}': readsEvent,
};

describe('route handler maps', () => {
  it("are keyed by exactly the function's route keys in the route table", () => {
    expectTypeOf<RouteKeyOf<'events'>>().toEqualTypeOf<'GET /1/events' | 'GET /1/events/{event_token}'>();
    expectTypeOf<RouteKeyOf<'not-found'>>().toBeNever();
    expect(routesOf('events').map(routeKey)).toEqual(['GET /1/events', 'GET /1/events/{event_token}']);
    expect([missing, extra, partial]).toHaveLength(3);
    expect([composed, notComposed, noAuthentication, misnamed, payments]).toHaveLength(5);
  });

  it("give each handler its route's path parameters, read from the route key", () => {
    expectTypeOf<PathParams<'DELETE /1/customers/{customer_token}/cards/{card_token}'>>().toEqualTypeOf<{
      readonly customer_token: string;
      readonly card_token: string;
    }>();
    expectTypeOf<keyof PathParams<'GET /1/events'>>().toBeNever();
    expect([readsEvent, readsEvents, wrongRoute]).toHaveLength(3);
  });
});
