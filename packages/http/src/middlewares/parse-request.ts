import { isEnvironment, PinError } from '@wattle/domain';
import { type Route, routeByKey } from '@wattle/routes';
import type { ApiRequest } from '../api-request.ts';
import { type Fields, parseBody, parseForm } from '../parse-body.ts';
import type { ApiEvent, ApiMiddleware } from './types.ts';

/** The route of requests no route matched: API Gateway's `$default`. */
const fallbackRoute: Route = { method: 'GET', path: '$default', fn: 'not-found', auth: 'none' };

const jsonpCallbackName = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
/** Query parameters of a JSONP request that are about the transport, not the resource. */
const jsonpTransportFields = ['callback', '_method', '_'];

const header = (
  headers: Record<string, string | undefined> | undefined,
  name: string,
): string | undefined => {
  if (!headers) return undefined;
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return found ? headers[found] : undefined;
};

/**
 * Routes and parses: the route from API Gateway's route key, the environment from the stage, the
 * query string and the body (forms with brackets or JSON). A JSONP GET becomes the POST it stands for.
 */
export const parseRequest = (): ApiMiddleware => ({
  name: 'parseRequest',
  before: function parseRequestBefore(request) {
    const { event } = request;
    const route = event.routeKey === '$default' ? fallbackRoute : routeByKey(event.routeKey);
    if (!route) throw new PinError('not_found');
    const stage = event.requestContext?.stage;
    const environment = isEnvironment(stage) ? stage : 'test';
    if (!isEnvironment(stage) && route !== fallbackRoute) throw new PinError('not_found');
    const query = parseForm(event.rawQueryString ?? '');
    let body: Fields =
      route.method === 'GET'
        ? (Object.create(null) as Fields)
        : parseBody(event.body, event.isBase64Encoded ?? false, header(event.headers, 'content-type'));
    let jsonpCallback: string | null = null;
    if (route.jsonp) {
      const callback = query.callback;
      if (typeof callback !== 'string' || !jsonpCallbackName.test(callback) || callback.length > 100) {
        throw new PinError('bad_request', {
          description: 'A JSONP request needs a valid callback parameter.',
        });
      }
      jsonpCallback = callback;
      if (query._method !== 'POST') throw new PinError('not_found');
      body = Object.fromEntries(Object.entries(query).filter(([key]) => !jsonpTransportFields.includes(key)));
    }
    const api: ApiRequest = {
      route,
      routeKey: event.routeKey,
      environment,
      scope: null,
      grant: null,
      params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
      query,
      body,
      sourceIp: event.requestContext?.http?.sourceIp ?? '',
      requestId: event.requestContext?.requestId ?? '',
      baseUrl: baseUrlOf(event, environment),
      jsonpCallback,
      idempotencyKey: header(event.headers, 'idempotency-key') ?? null,
    };
    request.internal.api = api;
    parsed.set(event, api);
  },
});

/**
 * The base URL as the caller sees it: the stage is in the path on the execute-api host, not on a
 * custom domain mapped to the stage.
 */
const baseUrlOf = (event: ApiEvent, stage: string): string => {
  const proto = header(event.headers, 'x-forwarded-proto') ?? 'https';
  const host = event.requestContext?.domainName ?? header(event.headers, 'host') ?? 'localhost';
  const staged = (event.rawPath ?? '').startsWith(`/${stage}/`);
  return `${proto}://${host}${staged ? `/${stage}` : ''}`;
};

/** The parsed request of an event, for the route handler at the end of the chain. */
const parsed = new WeakMap<object, ApiRequest>();
export const apiRequestOf = (event: object): ApiRequest => {
  const api = parsed.get(event);
  if (!api) throw new Error('The request was not parsed');
  return api;
};

export { header };
