import type { ApiMiddleware, ApiMiddyRequest } from './types.ts';

/**
 * Wraps the answer of a JSONP request as `callback(json);` (application/javascript). The status
 * is 200 even for errors: a script tag cannot read statuses, and Pin.js tells success from
 * failure by the `response` member.
 */
export const jsonp = (): ApiMiddleware => {
  const wrap = (request: ApiMiddyRequest) => {
    const callback = request.internal.api?.jsonpCallback;
    const response = request.response;
    if (!callback || !response) return;
    response.statusCode = 200;
    response.headers = { ...response.headers, 'Content-Type': 'application/javascript; charset=utf-8' };
    response.body = `${callback}(${response.body || '{}'});`;
  };
  return { name: 'jsonp', after: wrap, onError: wrap };
};
