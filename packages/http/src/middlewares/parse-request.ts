import { PinError } from '@wattle/domain';
import { type Route, routeKey, takesBody } from '@wattle/routes';
import type { ApiRequest } from '../api-request.ts';
import type { Fields } from '../fields.ts';
import { header } from '../header.ts';
import { parseForm } from '../parse-form.ts';
import { fieldsOf } from './read-body.ts';
import { environmentOf } from './stage-prefix.ts';
import type { ApiMiddleware } from './types.ts';
import { uploadsOf } from './uploads.ts';

const jsonpCallbackName = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
/** Query parameters of a JSONP request that are about the transport, not the resource. */
const jsonpTransportFields = ['callback', '_method', '_'];

/**
 * The request as route handlers see it, for the route the router chose: the environment from the
 * stage, the query string, and the body readBody parsed (none on a GET). A JSONP GET becomes the
 * POST it stands for.
 */
export const parseRequest = (route: Route): ApiMiddleware => {
  const key = routeKey(route);
  return {
    name: 'parseRequest',
    before: function parseRequestBefore(request) {
      const { event } = request;
      const environment = environmentOf(event);
      const rawQuery = event.rawQueryString ?? '';
      const query: Fields = rawQuery === '' ? Object.create(null) : parseForm(rawQuery);
      let body: Fields = takesBody(route) ? fieldsOf(event) : Object.create(null);
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
        body = Object.fromEntries(
          Object.entries(query).filter(([key]) => !jsonpTransportFields.includes(key)),
        );
      }
      const api: ApiRequest = {
        route,
        routeKey: key,
        environment,
        scope: null,
        grant: null,
        params: { ...(event.pathParameters ?? {}) } as Record<string, string>,
        query,
        body,
        uploads: uploadsOf(event),
        sourceIp: event.requestContext?.http?.sourceIp ?? '',
        requestId: event.requestContext?.requestId ?? '',
        jsonpCallback,
        idempotencyKey: header(event.headers, 'idempotency-key') ?? null,
      };
      request.internal.api = api;
      parsed.set(event, api);
    },
  };
};

/**
 * The parsed request of an event: for the route handler at the end of the route's chain, and for
 * the function-wide middlewares around the router (which see another middy request).
 */
const parsed = new WeakMap<object, ApiRequest>();
export const parsedRequestOf = (event: object): ApiRequest | undefined => parsed.get(event);
