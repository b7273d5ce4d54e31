import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import middy from '@middy/core';
import { withInvocationDeadline } from '@wattle/deadline';
import { PinError } from '@wattle/domain';
import type { AccountsStore, BaseDeps, IdempotencyStore } from '@wattle/ports';
import {
  type FunctionName,
  type PathParams,
  type Route,
  type RouteKey,
  type RouteKeyOf,
  routeKey,
  takesBody,
} from '@wattle/routes';
import type { MetricsRecorder } from '@wattle/routes/metrics';
import type { Context } from 'aws-lambda';
import type { ApiRequest } from './api-request.ts';
import { authenticate } from './middlewares/authenticate.ts';
import { claimsKeyInWrites, idempotency } from './middlewares/idempotency.ts';
import { responseOf } from './middlewares/json-response.ts';
import { jsonp } from './middlewares/jsonp.ts';
import { parsedRequestOf, parseRequest } from './middlewares/parse-request.ts';
import { pathTokens } from './middlewares/path-tokens.ts';
import { pinErrors } from './middlewares/pin-errors.ts';
import { readBody } from './middlewares/read-body.ts';
import { requestId } from './middlewares/request-id.ts';
import { securityHeaders } from './middlewares/security-headers.ts';
import { stagePrefix } from './middlewares/stage-prefix.ts';
import { tracing } from './middlewares/tracing.ts';
import type { ApiEvent, ApiInternal, ApiMiddleware, ApiResponse } from './middlewares/types.ts';
import type { ApiResult } from './responses.ts';
import { measuredRoute } from './route-metrics.ts';
import { tableRouter } from './table-router.ts';
import { refuseIllFormedText } from './well-formed-text.ts';

/**
 * What every function's chain uses: the base, its logger Powertools' (the chain injects the Lambda
 * context into it), where it records the business metrics, and its tracer (the invocation's
 * segment: tracedChain).
 */
export type HandlerBaseDeps = BaseDeps<Logger> & {
  metrics: MetricsRecorder;
  tracer?: Promise<Tracer> | undefined;
};

/** What every API function's chain uses: its composition names at least these repositories. */
export type ApiDeps = HandlerBaseDeps & { accounts: AccountsStore; idempotency: IdempotencyStore };

/**
 * One route's logic: gets the parsed, authenticated request and its function's deps, returns
 * status and body. `K`, the route's key in the table, types `request.params` (PathParams): a
 * handler without it reads no parameter, and one given to a route whose path lacks a parameter it
 * reads does not compile (RouteHandlers).
 */
export type RouteHandler<D extends ApiDeps, K extends RouteKey = never> = (
  request: ApiRequest<PathParams<K>>,
  deps: D,
) => Promise<ApiResult>;

/** A function's handler map: one handler for each of its routes in the route table, no other key. */
export type RouteHandlers<F extends FunctionName, D extends ApiDeps> = {
  [K in RouteKeyOf<F>]: RouteHandler<D, K>;
};

/** What a route's chain calls: any handler of the map, given the parameters its route's path has. */
type AnyRouteHandler<D extends ApiDeps> = (request: ApiRequest, deps: D) => Promise<ApiResult>;

export type ApiLambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResponse>;

/**
 * What a function adds to the common chain. `uploadBody`: the body read of its multipart routes
 * (readUploadBody), given only by the function that takes uploads, so that the multipart parser
 * is bundled into that function alone rather than compiled at every cold start.
 */
export interface ApiHandlerOptions {
  uploadBody?: () => ApiMiddleware | ApiMiddleware[];
}

/** The middlewares of every route's chain, made once per function (authenticate caches keys). */
interface RouteMiddlewares {
  jsonp: ApiMiddleware;
  authenticate: ApiMiddleware;
  pathTokens: ApiMiddleware;
  idempotency: ApiMiddleware;
  /** For the routes whose flows claim the key with their own writes (claimingKeyInWrites). */
  idempotencyInWrites: ApiMiddleware;
  pinErrors: ApiMiddleware;
  uploadBody: ApiHandlerOptions['uploadBody'];
}

const routeMiddlewares = (deps: ApiDeps, options: ApiHandlerOptions): RouteMiddlewares => ({
  jsonp: jsonp(),
  authenticate: authenticate(deps.accounts),
  pathTokens: pathTokens(),
  idempotency: idempotency(deps.idempotency, deps.clock, deps.logger),
  idempotencyInWrites: idempotency(deps.idempotency, deps.clock, deps.logger, { inWrites: true }),
  pinErrors: pinErrors(deps.logger),
  uploadBody: options.uploadBody,
});

const bodyRead = (route: Route, use: RouteMiddlewares): ApiMiddleware | ApiMiddleware[] => {
  if (!takesBody(route)) return [];
  if (route.body !== 'multipart') return readBody(route.keepsNull);
  if (!use.uploadBody)
    throw new Error(`${routeKey(route)} takes an upload: its function must give uploadBody`);
  return use.uploadBody();
};

/**
 * One route's chain, which the router calls: the body read (not on a GET; multipart on an upload
 * route), the request parsed for this route, the key checked, the path's tokens checked,
 * Idempotency-Key (claimed here, or by the flow's own writes: claimingKeyInWrites), then the
 * route's handler, once every text of the request is known to be
 * well-formed Unicode (refuseIllFormedText: the one check for every field of every route).
 *
 * `before` runs top-down and `after`/`onError` bottom-up, so pinErrors (last) answers an error
 * first, and idempotency and JSONP then treat it as any other response.
 */
const routeChain = <D extends ApiDeps>(
  route: Route,
  handle: AnyRouteHandler<D>,
  deps: D,
  use: RouteMiddlewares,
): ApiLambdaHandler =>
  // The function's own chain around the router keeps middy's early-timeout timer; a second
  // timer per request in the route's chain would only repeat it.
  middy<ApiEvent, ApiResponse, Error, Context, ApiInternal>({ timeoutEarlyInMillis: 0 })
    .use(use.jsonp)
    .use(bodyRead(route, use))
    .use(parseRequest(route))
    .use(use.authenticate)
    .use(use.pathTokens)
    .use(claimsKeyInWrites(handle) ? use.idempotencyInWrites : use.idempotency)
    .use(use.pinErrors)
    .handler(async (event) => {
      const api = parsedRequestOf(event);
      if (!api) throw new Error('The request was not parsed');
      refuseIllFormedText(api.body, api.query);
      return responseOf(await handle(api, deps));
    }) as unknown as ApiLambdaHandler;

/**
 * What every API function's handler runs around its router: the invocation's context on every log
 * line (Powertools' injectLambdaContext: request id, cold start, function name; cleared after the
 * invocation), the security headers, the request id and log line (and the route and stage on every
 * line), the stage prefix taken off the path, and pinErrors, which answers the router's not-found
 * and a stage that is no environment with Pin's 404.
 */
export const outerChain = (
  { logger, tracer }: Pick<HandlerBaseDeps, 'logger' | 'tracer'>,
  errors: ApiMiddleware,
  inner: (event: ApiEvent, context: Context) => Promise<ApiResponse>,
): ApiLambdaHandler =>
  middy<ApiEvent, ApiResponse, Error, Context, ApiInternal>()
    .use(tracing(tracer))
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(securityHeaders())
    .use(requestId(logger))
    .use(stagePrefix())
    .use(errors)
    .handler(inner) as unknown as ApiLambdaHandler;

/**
 * A function's Lambda handler: @middy/http-router over the function's routes of the route table,
 * each with its handler from `handlers`. Around the router, the security headers, the request id
 * and log line, the stage prefix taken off the path, and pinErrors again: there it answers the
 * router's not-found and a stage that is no environment with Pin's 404 (inside a route it answers
 * first, so that idempotency keeps the Pin answer). `composition` is the function's own
 * (functionDeps in @wattle/runtime), built on the first request (and again if the composition is
 * built again); each handler takes what it names.
 * `routes` are the function's own entries (functions/<fn>/src/routes.ts), imported rather than picked
 * from the whole table so that its bundle holds only them; `fn` types the handler map by them.
 */
export const apiHandler = <F extends FunctionName, D extends ApiDeps>(
  _fn: F,
  routes: readonly (Route & { fn: F })[],
  composition: () => D,
  handlers: RouteHandlers<F, NoInfer<D>>,
  options: ApiHandlerOptions = {},
): ApiLambdaHandler => {
  let chain: ApiLambdaHandler | undefined;
  let builtOn: D | undefined;
  const build = (deps: D): ApiLambdaHandler => {
    const use = routeMiddlewares(deps, options);
    const router = tableRouter(routes, (route) =>
      // The handler of this route's key, given this route's parameters (parseRequest's, by its path),
      // its answer measured (charges and refunds by outcome, replays).
      measuredRoute(
        route,
        routeChain(route, handlers[routeKey(route) as RouteKeyOf<F>] as AnyRouteHandler<D>, deps, use),
        deps.metrics,
      ),
    );
    return outerChain(deps, use.pinErrors, router);
  };
  return (event, context) => {
    // The same composition every time, unless the local stack gave its functions new parts (the
    // memory engine's reset): then the chain is built again over them.
    const deps = composition();
    if (!chain || deps !== builtOn) {
      chain = build(deps);
      builtOn = deps;
    }
    const run = chain;
    // One deadline for the whole request: every AWS call and retry stops before Lambda's timeout.
    return withInvocationDeadline(context, () => run(event, context));
  };
};

/**
 * API Gateway's `$default` route (the not-found function): the chain every API function runs
 * around its router, with no router inside, so every path and method answers Pin's 404 as another
 * function's router answers a path it does not know. No key is looked up and nothing is read:
 * its composition is the container's logger alone, and its bundle holds no repository and no AWS
 * client.
 */
export const notFoundHandler = (
  composition: () => Pick<HandlerBaseDeps, 'logger' | 'tracer'>,
): ApiLambdaHandler => {
  let chain: ApiLambdaHandler | undefined;
  return (event, context) => {
    if (!chain) {
      const deps = composition();
      chain = outerChain(deps, pinErrors(deps.logger), async () => {
        throw new PinError('not_found');
      });
    }
    const run = chain;
    return withInvocationDeadline(context, () => run(event, context));
  };
};
