import { PinError } from '@wattle/domain';
import { KeyHeld, type Logger } from '@wattle/ports';
import { toHttpError } from '../to-http-error.ts';
import { jsonResponse } from './json-response.ts';
import type { ApiMiddleware, ApiResponse } from './types.ts';

/** Pin's error body for any error, as API Gateway wants it. */
export const errorResponse = (error: unknown): ApiResponse => {
  const { status, body, headers } = toHttpError(error);
  return jsonResponse(status, body, headers);
};

/**
 * Turns any error into Pin's error body. Registered innermost, so it answers first and the
 * outer middlewares (idempotency, JSONP, request id) see a response like any other.
 */
export const pinErrors = (logger: Logger): ApiMiddleware => ({
  name: 'pinErrors',
  onError: function pinErrorsOnError(request) {
    const response = errorResponse(request.error);
    const status = response.statusCode ?? 500;
    const route = request.event.routeKey;
    if (request.error instanceof PinError && request.error.code === 'gateway_error') {
      // The acquirer's answer (a test card asks for it), not a fault of ours: no ERROR, no stack.
      logger.info('The processor answered gateway_error', { route, status });
    } else if (status >= 500 && !(request.error instanceof KeyHeld)) {
      // (A held Idempotency-Key is no failure: the idempotency middleware answers it, over this.)
      const log = status === 503 ? logger.warn.bind(logger) : logger.error.bind(logger);
      log('Request failed', { error: request.error as Error, route });
    }
    request.response = response;
  },
});
