import type { ApiResponse } from './types.ts';

/** A JSON response as API Gateway wants it; 204 carries no body. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse =>
  status === 204 || body === undefined
    ? { statusCode: status, headers: { ...headers }, body: '' }
    : {
        statusCode: status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
        body: JSON.stringify(body),
      };
