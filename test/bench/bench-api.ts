/**
 * The load generator's HTTP client: the e2e helpers' requests (same encoding, same answers) without
 * their check of every answer against the OpenAPI document, which the e2e suite makes: under load
 * it took the generator's CPU from the two cores the service and DynamoDB Local share, and the
 * floor's replays never paid it.
 */
import { type Api, type ApiResponse, formBody, type RequestOptions } from '../helpers/stack.ts';

const send = async (
  method: string,
  url: string,
  key: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse> => {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
    ...options.headers,
  };
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    payload = options.form ? formBody(body) : JSON.stringify(body);
  }
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return {
    status: response.status,
    headers: response.headers,
    body: json && text ? JSON.parse(text) : text,
    text,
  };
};

export const benchApi = (baseUrl: string, key: string): Api => ({
  get: (path, options) => send('GET', `${baseUrl}${path}`, key, undefined, options),
  post: (path, body, options) => send('POST', `${baseUrl}${path}`, key, body, options),
  put: (path, body, options) => send('PUT', `${baseUrl}${path}`, key, body, options),
  patch: (path, body, options) => send('PATCH', `${baseUrl}${path}`, key, body, options),
  del: (path, body, options) => send('DELETE', `${baseUrl}${path}`, key, body, options),
});
