import type { Logger } from '@aws-lambda-powertools/logger';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { vi } from 'vitest';
import type { ApiRequest } from '../../../packages/http/src/api-request.ts';
import type {
  ApiEvent,
  ApiInternal,
  ApiMiddleware,
  ApiResponse,
} from '../../../packages/http/src/middlewares/types.ts';

/** An API Gateway HTTP API (2.0) event on the `test` stage's execute-api host. */
export const apiEvent = (
  overrides: Partial<ApiEvent> & { method?: string; path?: string; stage?: string } = {},
): ApiEvent => {
  const { method = 'GET', path = '/test/1/charges', stage = 'test', ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'api.example', 'x-forwarded-proto': 'https' },
    requestContext: {
      accountId: '000000000000',
      apiId: 'api',
      domainName: 'api.example',
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: `${method} ${path}`,
      stage,
      time: '21/Nov/2026:05:19:03 +0000',
      timeEpoch: 0,
    },
    isBase64Encoded: false,
    ...rest,
  };
};

const context = { getRemainingTimeInMillis: () => 3000 } as unknown as Context;

type StubHandler = (event: ApiEvent) => Promise<ApiResponse>;

/** Runs `middlewares` (top-down, as `.use` registers them) around a stub handler. */
export const run = (middlewares: ApiMiddleware[], handler: StubHandler, event: ApiEvent = apiEvent()) =>
  middy<ApiEvent, ApiResponse, Error, Context, ApiInternal>().use(middlewares).handler(handler)(
    event,
    context,
  );

/** A middleware that hands the next ones a parsed request, as parseRequest would. */
export const withRequest = (api: Partial<ApiRequest>): ApiMiddleware => ({
  before: (request) => {
    request.internal.api = api as ApiRequest;
  },
});

export const ok: StubHandler = async () => ({ statusCode: 200, headers: {}, body: '{"ok":true}' });

export const fakeLogger = () => {
  const logger = { appendKeys: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  return { logger, asLogger: logger as unknown as Logger };
};
