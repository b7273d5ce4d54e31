import type { IncomingMessage } from 'node:http';
import middy from '@middy/core';
import { type FunctionName, matchRoute, type Route, routeKey, routes, routesOf } from '@wattle/routes';
import type { Context } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stagePrefix } from '../../packages/http/src/middlewares/stage-prefix.ts';
import type { ApiEvent, ApiResponse } from '../../packages/http/src/middlewares/types.ts';
import { tableRouter } from '../../packages/http/src/table-router.ts';
import { buildEvent, joinHeaders, routeRequest } from '../../packages/local/src/gateway.ts';
import { apiEvent } from './middlewares/harness.ts';

const context = { getRemainingTimeInMillis: () => 3000 } as unknown as Context;

/**
 * A function's router as apiHandler builds it (stagePrefix, then tableRouter over its routes), each
 * route answering its key and the path parameters it was handed.
 */
const routerOf = (fn: FunctionName) =>
  middy<ApiEvent, ApiResponse>()
    .use(stagePrefix())
    .handler(
      tableRouter(routesOf(fn), (route) => async (event) => ({
        statusCode: 200,
        body: JSON.stringify({ route: routeKey(route), params: event.pathParameters ?? {} }),
      })),
    );

/** What a function's router serves for an event: the route and its parameters, or not_found. */
const served = async (fn: FunctionName, event: ApiEvent) => {
  try {
    return JSON.parse((await routerOf(fn)(event, context)).body as string);
  } catch (error) {
    if ((error as { code?: string }).code === 'not_found') return 'not_found';
    throw error;
  }
};

describe("each function's router", () => {
  it('picks, for a path of every route, the route API Gateway picks (a literal beats a parameter)', async () => {
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_1`);
      const gateway = matchRoute(route.method, path);
      expect(gateway && routeKey(gateway.route), path).toBe(routeKey(route));
      for (const stage of ['test', 'live']) {
        const event = apiEvent({ method: route.method, path: `/${stage}${path}`, stage });
        expect((await served(route.fn, event)).route, path).toBe(routeKey(route));
      }
    }
  });

  it("answers 404 for another function's route, or a method the path does not take", async () => {
    expect(await served('charges', apiEvent({ path: '/test/1/customers' }))).toBe('not_found');
    expect(await served('charges', apiEvent({ method: 'DELETE', path: '/test/1/charges' }))).toBe(
      'not_found',
    );
  });

  it('serves a doubled slash and a trailing slash as the gateway routes them (a got client with prefixUrl)', async () => {
    for (const rawPath of ['/test//1/cards', '/test/1/cards/', '//test///1//cards//']) {
      const routed = routeRequest('POST', rawPath);
      expect(routed.routeKey, rawPath).toBe('POST /1/cards');
      const event = apiEvent({ method: 'POST', path: rawPath, stage: routed.stage });
      expect(await served('cards', event), rawPath).toEqual({ route: 'POST /1/cards', params: {} });
    }
  });
});

/** A request as the local gateway's HTTP server hands it over. */
const request = (method: string) =>
  ({
    method,
    rawHeaders: ['Host', 'localhost:4010'],
    socket: { remoteAddress: '127.0.0.1', localPort: 4010 },
  }) as unknown as IncomingMessage;

/** A path parameter's characters: a token's, and those a client must (or may) percent-encode. */
const parameterValue = fc.string({
  minLength: 1,
  maxLength: 12,
  unit: fc.constantFrom(...'abcXYZ019_-.~ %/?#&+=:@!$,;é€'.split('')),
});

/** A segment as clients write it: percent-encoded where needed, or every byte percent-encoded. */
const encoded = (value: string, everyByte: boolean): string =>
  everyByte
    ? Array.from(
        Buffer.from(value, 'utf8'),
        (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
      ).join('')
    : encodeURIComponent(value);

/**
 * A request for a route of the table as clients send it: on API Gateway's own host (`/test`,
 * `/live`) or a custom domain mapped to the stage (no prefix), with runs of slashes anywhere, a
 * trailing slash or two, and the parameters percent-encoded in either way.
 */
const requestFor = fc
  .record({
    route: fc.constantFrom(...routes),
    stage: fc.constantFrom('test', 'live'),
    customDomain: fc.boolean(),
    values: fc.array(fc.tuple(parameterValue, fc.boolean()), { minLength: 3, maxLength: 3 }),
    slashes: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 8, maxLength: 8 }),
    trailing: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ route, stage, customDomain, values, slashes, trailing }) => {
    const expected: Record<string, string> = {};
    let filled = 0;
    const segments = route.path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!name) return segment;
        const [value, everyByte] = values[filled++] as [string, boolean];
        expected[name] = value;
        return encoded(value, everyByte);
      });
    const all = customDomain ? segments : [stage, ...segments];
    const path = all.map((segment, i) => `${'/'.repeat(slashes[i] ?? 1)}${segment}`).join('');
    return { route, stage, customDomain, expected, rawPath: `${path}${'/'.repeat(trailing)}` };
  });

describe('the local gateway and the functions read a path by one rule', () => {
  it('whatever the gateway routes to a function, that function serves: the same route, the same path parameters', async () => {
    await fc.assert(
      fc.asyncProperty(requestFor, async ({ route, stage, customDomain, expected, rawPath }) => {
        // A custom domain has no stage in the path: the mapping names it, and the routes are the same.
        const routed = routeRequest(route.method, customDomain ? `/${stage}${rawPath}` : rawPath);
        expect(routed.fn, rawPath).not.toBe('not-found');
        expect(routed.stage).toBe(stage);
        // A parameter whose value is a literal of another route ("search") is that route, as on API Gateway.
        if (routed.routeKey === routeKey(route)) expect(routed.pathParameters ?? {}).toEqual(expected);
        const event = buildEvent({
          req: request(route.method),
          headers: joinHeaders(request(route.method).rawHeaders),
          rawPath,
          rawQueryString: '',
          body: Buffer.alloc(0),
          routed,
          requestId: 'req-1',
          at: new Date('2026-11-27T00:00:00Z'),
        });
        expect(await served(routed.fn as Route['fn'], event), rawPath).toEqual({
          route: routed.routeKey,
          params: routed.pathParameters ?? {},
        });
      }),
      { numRuns: 500 },
    );
  });
});
