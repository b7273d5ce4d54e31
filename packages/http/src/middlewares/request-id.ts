import type { Logger } from '@wattle/ports';
import { parsedRequestOf } from './parse-request.ts';
import type { ApiMiddleware, ApiMiddyRequest } from './types.ts';

/** The Pin error code of a 4xx answer (`invalid_resource`), for the log line; undefined otherwise. */
const clientErrorCode = (response: ApiMiddyRequest['response']): string | undefined => {
  const status = response?.statusCode ?? 0;
  if (status < 400 || status >= 500 || typeof response?.body !== 'string') return undefined;
  try {
    const { error } = JSON.parse(response.body) as { error?: unknown };
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined; // a JSONP answer or no JSON at all: the status says enough
  }
};

/**
 * Every response carries X-Request-Id (API Gateway's request id), and every request leaves one
 * log line: route, status (with a 4xx's Pin error code), duration, merchant. Bodies are never logged: they may hold card data.
 */
export const requestId = (logger: Logger): ApiMiddleware => {
  const finish = (request: ApiMiddyRequest) => {
    const id = request.event.requestContext?.requestId ?? 'unknown';
    // Registered around the router: the route's chain parsed the request under its own middy request.
    const api = parsedRequestOf(request.event);
    if (request.response) request.response.headers = { ...request.response.headers, 'X-Request-Id': id };
    // A logger above INFO (SILENT in the benchmarks and tests) would drop the line: skip building it.
    if (!logger.logs('INFO')) return;
    logger.info('request', {
      requestId: id,
      route: request.event.routeKey,
      stage: request.event.requestContext?.stage,
      status: request.response?.statusCode,
      error: clientErrorCode(request.response),
      ms: Date.now() - (request.internal.startedAt ?? Date.now()),
      account: api?.scope?.accountId ?? api?.grant?.accountId,
    });
  };
  return {
    name: 'requestId',
    before: function requestIdBefore(request) {
      request.internal.startedAt = Date.now();
    },
    after: finish,
    onError: finish,
  };
};
