import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ApiRequest, IdempotencyClaim } from '../api-request.ts';

/** What the middlewares hand each other during one request. */
export interface ApiInternal extends Record<string, unknown> {
  api?: ApiRequest;
  startedAt?: number;
  idempotency?: IdempotencyClaim;
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResponse = APIGatewayProxyStructuredResultV2;
export type ApiMiddyRequest = Request<ApiEvent, ApiResponse, Error, Context, ApiInternal>;
export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResponse, Error, Context, ApiInternal>;
