import { type Environment, isEnvironment, PinError } from '@wattle/domain';
import { pathWithinStage } from '@wattle/routes';
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
 * `requestContext.http.path` against paths relative to the stage, so the prefix goes, and the path
 * is read by the rule the gateway picked the function by (pathWithinStage: `/test//1/cards/` is
 * `/1/cards`); `rawPath` keeps what the client sent (the base URL of links we hand out is read
 * from there).
 */
export const stagePrefix = (): ApiMiddleware => ({
  name: 'stagePrefix',
  before: function stagePrefixBefore({ event }) {
    const http = event.requestContext.http;
    http.path = pathWithinStage(http.path, environmentOf(event));
  },
});
