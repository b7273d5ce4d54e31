import type { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj, Request } from '@middy/core';

type Captured = ReturnType<typeof captureLambdaHandler>;

/**
 * The invocation as an X-Ray subsegment, its cold start and the service as annotations
 * (Powertools' captureLambdaHandler, over the container's tracer once it is loaded), first in
 * every chain so that it spans the whole invocation. Neither the response (a charge, a customer's
 * details) nor anything else of the request is added to the trace: only the error's type and
 * message when one escapes. None when the container does not trace (no tracer): middy takes no
 * empty middleware.
 */
export const tracing = <E, R>(tracer: Promise<Tracer> | undefined): MiddlewareObj<E, R>[] => {
  if (!tracer) return [];
  let captured: Captured | undefined;
  const middleware: MiddlewareObj<E, R> = {
    before: async (request: Request<E, R>) => {
      captured ??= captureLambdaHandler(await tracer, { captureResponse: false });
      await captured.before?.(request as never);
    },
    after: async (request: Request<E, R>) => {
      await captured?.after?.(request as never);
    },
    onError: async (request: Request<E, R>) => {
      await captured?.onError?.(request as never);
    },
  };
  return [middleware];
};
