import { type Environment, isEnvironment, PinError } from '@wattle/domain';
import type { ApiEvent, ApiMiddleware } from './types.ts';

/** The environment of a request: API Gateway's stage, `test` or `live`. Any other stage is no API of ours. */
export const environmentOf = (event: ApiEvent): Environment => {
  const stage = event.requestContext?.stage;
  if (!isEnvironment(stage)) throw new PinError('not_found');
  return stage;
};

/**
 * Before the router: on API Gateway's own host the path starts with the stage (`/live/1/charges`),
 * on a custom domain mapped to the stage it does not (`/1/charges`). The router matches
 * `requestContext.http.path` against paths relative to the stage, so the prefix goes; `rawPath`
 * keeps it (the base URL of links we hand out is read from there).
 */
export const stagePrefix = (): ApiMiddleware => ({
  name: 'stagePrefix',
  before: function stagePrefixBefore({ event }) {
    const prefix = `/${environmentOf(event)}`;
    const http = event.requestContext.http;
    if (http.path === prefix || http.path.startsWith(`${prefix}/`)) {
      http.path = http.path.slice(prefix.length) || '/';
    }
  },
});
