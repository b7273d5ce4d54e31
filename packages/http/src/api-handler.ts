import middy from '@middy/core';
import { PinError } from '@wattle/domain';
import type { RuntimeDeps } from '@wattle/runtime';
import { runtimeDeps } from '@wattle/runtime';
import type { Context } from 'aws-lambda';
import type { ApiRequest } from './api-request.ts';
import { authenticate } from './middlewares/authenticate.ts';
import { idempotency } from './middlewares/idempotency.ts';
import { jsonResponse } from './middlewares/json-response.ts';
import { jsonp } from './middlewares/jsonp.ts';
import { apiRequestOf, parseRequest } from './middlewares/parse-request.ts';
import { pinErrors } from './middlewares/pin-errors.ts';
import { requestId } from './middlewares/request-id.ts';
import type { ApiEvent, ApiInternal, ApiResponse } from './middlewares/types.ts';
import type { ApiResult } from './responses.ts';

/** One route's logic: gets the parsed, authenticated request, returns status and body. */
export type RouteHandler = (request: ApiRequest, deps: RuntimeDeps) => Promise<ApiResult>;

export type ApiLambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResponse>;

/**
 * A function's Lambda handler: the middleware chain every API function shares, then the route
 * handler chosen by API Gateway's route key. Dependencies are built once, on the first request.
 *
 * `before` runs top-down and `after`/`onError` bottom-up, so pinErrors (last) answers an error
 * first, and idempotency, JSONP and the request id then treat it as any other response.
 */
export const apiHandler = (handlers: Record<string, RouteHandler>): ApiLambdaHandler => {
  let chain: ApiLambdaHandler | undefined;
  const build = (): ApiLambdaHandler => {
    const deps = runtimeDeps();
    return middy<ApiEvent, ApiResponse, Error, Context, ApiInternal>()
      .use(requestId(deps.logger))
      .use(jsonp())
      .use(parseRequest())
      .use(authenticate(deps.store.accounts))
      .use(idempotency(deps.store.idempotency, deps.clock, deps.logger))
      .use(pinErrors(deps.logger))
      .handler(async (event) => {
        const api = apiRequestOf(event);
        const handle = handlers[api.routeKey];
        if (!handle) throw new PinError('not_found');
        const result = await handle(api, deps);
        if (result.raw) {
          return {
            statusCode: result.status,
            headers: { ...result.headers, 'Content-Type': result.raw.contentType },
            body: result.raw.text,
          };
        }
        return jsonResponse(result.status, result.body, result.headers);
      }) as unknown as ApiLambdaHandler;
  };
  return (event, context) => {
    chain ??= build();
    return chain(event, context);
  };
};
