import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { withInvocationDeadline } from '@wattle/deadline';
import type { Context } from 'aws-lambda';
import type { HandlerBaseDeps } from './api-handler.ts';
import { tracing } from './middlewares/tracing.ts';

/**
 * A function invoked by an event source, not by API Gateway (a queue's batch, the table stream's,
 * the schedule): its composition built on the first invocation, its segment traced, the invocation's context on
 * every log line (Powertools' injectLambdaContext, cleared after it), and the invocation's one
 * deadline around its work, as an API function's chain has them (api-handler.ts). The
 * composition is built once (functionDeps), so calling it again costs nothing.
 */
export const eventHandler = <E, R, D extends HandlerBaseDeps>(
  composition: () => D,
  handle: (event: E, deps: D, context: Context | undefined) => Promise<R>,
): ((event: E, context?: Context) => Promise<R>) => {
  let chain: ((event: E, context: Context) => Promise<R>) | undefined;
  const build = () => {
    const deps = composition();
    // middy's own early timeout is off: the deadline stops the work before Lambda's timeout.
    return (
      middy<E, R, Error, Context>({ timeoutEarlyInMillis: 0 })
        .use(tracing(deps.tracer))
        .use(injectLambdaContext(deps.logger, { resetKeys: true }))
        // The composition of each invocation: the same one, unless the local stack gave its functions
        // new parts (the memory engine's reset).
        .handler((event, context) => handle(event, composition(), context)) as unknown as (
        event: E,
        context: Context,
      ) => Promise<R>
    );
  };
  return (event, context) => {
    // The local stack's expiry sweep and scheduler call without a Lambda context: nothing to add.
    if (!context) return handle(event, composition(), undefined);
    chain ??= build();
    const run = chain;
    return withInvocationDeadline(context, () => run(event, context));
  };
};
