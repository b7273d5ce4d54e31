import { withInvocationDeadline } from '@wattle/deadline';
import type { Environment } from '@wattle/domain';
import type { FunctionName, Route, RouteKeyOf } from '@wattle/routes';
import { routeKey } from '@wattle/routes';
import { type ApiLambdaHandler, type HandlerBaseDeps, outerChain } from './api-handler.ts';
import { bodyLimits } from './body-limits.ts';
import { pinErrors } from './middlewares/pin-errors.ts';
import { environmentOf } from './middlewares/stage-prefix.ts';
import type { ApiEvent } from './middlewares/types.ts';
import { tableRouter } from './table-router.ts';

/** A request of the payment processor (its notifications), as it came: its signatures cover it. */
export interface ProcessorRequest {
  environment: Environment;
  /** The route's path parameters (the processor account a notification's URL names). */
  params: Record<string, string | undefined>;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The body as sent, decoded from base64 where the gateway encoded it. */
  body: string;
}

/** What the processor is answered: its own terms (Adyen's `[accepted]`), not Pin's JSON. */
export interface ProcessorAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type ProcessorRouteHandler<D> = (request: ProcessorRequest, deps: D) => Promise<ProcessorAnswer>;

const plain = (status: number, body: string, contentType = 'text/plain') => ({
  statusCode: status,
  headers: { 'Content-Type': contentType },
  body,
});

const requestOf = (event: ApiEvent): ProcessorRequest => ({
  environment: environmentOf(event),
  params: event.pathParameters ?? {},
  headers: Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  ),
  body: event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? ''),
});

/**
 * The Lambda handler of a function the payment processor calls (routes with `caller:
 * 'processor'`): the chain every API function runs around its router (the invocation's context
 * on the logs, the security headers, the request id, the stage prefix, Pin's 404 for a path it does
 * not take), and inside it each route's handler given the body as it came, no Pin key asked (the
 * processor signs what it sends) and its answer sent in the processor's terms. A body past the
 * API's limit is refused with 413 before it is read.
 */
export const processorHandler = <F extends FunctionName, D extends HandlerBaseDeps>(
  _fn: F,
  routes: readonly (Route & { fn: F; caller: 'processor' })[],
  composition: () => D,
  handlers: { [K in RouteKeyOf<F>]: ProcessorRouteHandler<NoInfer<D>> },
): ApiLambdaHandler => {
  let chain: ApiLambdaHandler | undefined;
  const build = (): ApiLambdaHandler => {
    const deps = composition();
    const router = tableRouter(routes, (route) => {
      const handle = handlers[routeKey(route) as RouteKeyOf<F>];
      return async (event) => {
        const limit = event.isBase64Encoded ? (bodyLimits.maxBodyBytes * 4) / 3 + 4 : bodyLimits.maxBodyBytes;
        if (Buffer.byteLength(event.body ?? '') > limit) return plain(413, 'The body is too large');
        const answer = await handle(requestOf(event), deps);
        return plain(answer.status, answer.body, answer.contentType);
      };
    });
    return outerChain(deps, pinErrors(deps.logger), router);
  };
  return (event, context) => {
    chain ??= build();
    const run = chain;
    return withInvocationDeadline(context, () => run(event, context));
  };
};
