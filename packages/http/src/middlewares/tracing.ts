import type { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';

/**
 * The invocation as an X-Ray subsegment, its cold start and the service as annotations
 * (Powertools' captureLambdaHandler), first in every chain so that it spans the whole invocation.
 * Neither the response (a charge, a customer's details) nor anything else of the request is
 * added to the trace: only the error's type and message when one escapes. Nothing without a
 * tracer, or with tracing off (outside Lambda, or POWERTOOLS_TRACE_ENABLED=false).
 */
export const tracing = <E, R>(tracer: Tracer | undefined): MiddlewareObj<E, R> =>
  tracer ? (captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R>) : {};
