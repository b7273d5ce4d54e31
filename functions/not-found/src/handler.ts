import { notFoundHandler } from '@wattle/http';
import { notFoundDeps } from './deps.ts';

/** API Gateway's `$default` route: every path and method answers Pin's 404. */
export const handler = notFoundHandler(notFoundDeps);
