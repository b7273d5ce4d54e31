import type { ApiResult } from '../responses.ts';
import type { ApiResponse } from './types.ts';

/**
 * The value each JSON response's body was written from, for what reads the answer again in the
 * same invocation (the charges' and refunds' outcome metric: answeredOutcome), so that it reads the
 * value rather than parsing the text back. Keyed by the response object: one a middleware builds
 * anew (an idempotent replay) has none, and is read from its text.
 */
const written = new WeakMap<ApiResponse, { text: string; value: unknown }>();

/**
 * What `response`'s body was serialised from, if jsonResponse made it and its body is still that
 * text (JSONP wraps it); undefined otherwise.
 */
export const writtenBodyOf = (response: ApiResponse): unknown => {
  const body = written.get(response);
  return body && body.text === response.body ? body.value : undefined;
};

/** A JSON response as API Gateway wants it; 204 carries no body. */
export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse => {
  if (status === 204 || body === undefined) return { statusCode: status, headers: { ...headers }, body: '' };
  const text = JSON.stringify(body);
  const response = {
    statusCode: status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: text,
  };
  written.set(response, { text, value: body });
  return response;
};

/** A route handler's result as API Gateway wants it: JSON (jsonResponse), or its raw body as it is. */
export const responseOf = (result: ApiResult): ApiResponse =>
  result.raw
    ? {
        statusCode: result.status,
        headers: { ...result.headers, 'Content-Type': result.raw.contentType },
        body: result.raw.text,
      }
    : jsonResponse(result.status, result.body, result.headers);
