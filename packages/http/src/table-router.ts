import httpRouterHandler from '@middy/http-router';
import { PinError } from '@wattle/domain';
import type { Route } from '@wattle/routes';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResponse } from './middlewares/types.ts';

type RouteHandler = (event: ApiEvent, context: Context) => Promise<ApiResponse>;

/**
 * A function's router: @middy/http-router over its routes of the route table, each answered by the
 * handler `handlerOf` makes for it, and Pin's 404 for a path or method none of them takes. It
 * matches `requestContext.http.path` once stagePrefix has read it by the gateway's rule.
 */
export const tableRouter = (routes: readonly Route[], handlerOf: (route: Route) => RouteHandler) =>
  httpRouterHandler<ApiEvent, ApiResponse>({
    routes: routes.map((route) => ({ method: route.method, path: route.path, handler: handlerOf(route) })),
    notFoundResponse: () => {
      throw new PinError('not_found');
    },
  });
