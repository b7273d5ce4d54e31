import type { ApiMiddleware, ApiMiddyRequest } from './types.ts';

/**
 * Headers every answer carries, whatever made it (a route, an error, JSONP, the issuer page):
 * API answers hold cards, customers and keys' results, so no cache (a browser's, a proxy's) may
 * keep them, and a browser must not guess a type other than the one sent (a JSON error with HTML
 * in it read as a page).
 */
export const securityHeaders = (): ApiMiddleware => {
  const add = (request: ApiMiddyRequest) => {
    if (!request.response) return;
    request.response.headers = {
      ...request.response.headers,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
  };
  return { name: 'securityHeaders', after: add, onError: add };
};
