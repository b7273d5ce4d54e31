import { checkPathTokens } from '../path-tokens.ts';
import type { ApiMiddleware } from './types.ts';

/**
 * The path's tokens checked for their shape, after the key (so a request without one still gets
 * its 401) and before anything reads or claims by them.
 */
export const pathTokens = (): ApiMiddleware => ({
  name: 'pathTokens',
  before: function pathTokensBefore(request) {
    const api = request.internal.api!;
    checkPathTokens(api.route, api.params);
  },
});
