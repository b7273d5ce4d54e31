import { apiHandler } from '@wattle/http';
import { notFoundDeps } from './deps.ts';

/**
 * API Gateway's `$default` route: no route of the table is this function's, so the router answers
 * every path and method with Pin's 404.
 */
export const handler = apiHandler('not-found', [], notFoundDeps, {});
