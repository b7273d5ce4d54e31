import type { Logger } from '@aws-lambda-powertools/logger';
import { parsedRequestOf } from './parse-request.ts';
import type { ApiMiddleware, ApiMiddyRequest } from './types.ts';

/**
 * Every response carries X-Request-Id (API Gateway's request id), every line logged while the
 * request runs names its route, stage and API request id, and every request leaves one log line:
 * route, status, duration, merchant. Bodies are never logged: they may hold card data.
 */
export const requestId = (logger: Logger): ApiMiddleware => {
  const finish = (request: ApiMiddyRequest) => {
    const id = request.event.requestContext?.requestId ?? 'unknown';
    // Registered around the router: the route's chain parsed the request under its own middy request.
    const api = parsedRequestOf(request.event);
    if (request.response) request.response.headers = { ...request.response.headers, 'X-Request-Id': id };
    logger.info('request', {
      requestId: id,
      route: request.event.routeKey,
      stage: request.event.requestContext?.stage,
      status: request.response?.statusCode,
      ms: Date.now() - (request.internal.startedAt ?? Date.now()),
      account: api?.scope?.accountId ?? api?.grant?.accountId,
    });
  };
  return {
    name: 'requestId',
    before: function requestIdBefore(request) {
      request.internal.startedAt = Date.now();
      // Cleared after the invocation by injectLambdaContext (resetKeys), which runs outside this.
      logger.appendKeys({
        route: request.event.routeKey,
        stage: request.event.requestContext?.stage,
        requestId: request.event.requestContext?.requestId,
      });
    },
    after: finish,
    onError: finish,
  };
};
