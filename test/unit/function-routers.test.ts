import middy from '@middy/core';
import httpRouterHandler from '@middy/http-router';
import { type functionNames, matchRoute, routeKey, routes, routesOf } from '@wattle/routes';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { stagePrefix } from '../../packages/http/src/middlewares/stage-prefix.ts';
import type { ApiEvent, ApiResponse } from '../../packages/http/src/middlewares/types.ts';
import { apiEvent } from './middlewares/harness.ts';

const context = { getRemainingTimeInMillis: () => 3000 } as unknown as Context;

/** A function's router as apiHandler builds it, each route answering its own key. */
const routerOf = (fn: (typeof functionNames)[number]) =>
  middy<ApiEvent, ApiResponse>()
    .use(stagePrefix())
    .handler(
      httpRouterHandler<ApiEvent, ApiResponse>(
        routesOf(fn).map((route) => ({
          method: route.method,
          path: route.path,
          handler: async () => ({ statusCode: 200, body: routeKey(route) }),
        })),
      ),
    );

describe("each function's router", () => {
  it('picks, for a path of every route, the route API Gateway picks (a literal beats a parameter)', async () => {
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => `${name}_1`);
      const gateway = matchRoute(route.method, path);
      expect(gateway && routeKey(gateway.route), path).toBe(routeKey(route));
      for (const stage of ['test', 'live']) {
        const event = apiEvent({ method: route.method, path: `/${stage}${path}`, stage });
        expect((await routerOf(route.fn)(event, context)).body, path).toBe(routeKey(route));
      }
    }
  });

  it("answers 404 for another function's route, or a method the path does not take", async () => {
    await expect(routerOf('charges')(apiEvent({ path: '/test/1/customers' }), context)).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
    await expect(
      routerOf('charges')(apiEvent({ method: 'DELETE', path: '/test/1/charges' }), context),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
