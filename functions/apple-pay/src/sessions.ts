import { createApplePaySession } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createSessionSchema, validate } from '@wattle/wire';
import type { ApplePayDeps } from './deps.ts';

/** POST /apple_pay/sessions: 201 with a simulated merchant session, Apple's object as it is. */
export const createSessionRoute: RouteHandler<ApplePayDeps> = async (request, deps) => {
  const input = validate(createSessionSchema, request.body);
  return resource(201, await createApplePaySession(deps, scopeOf(request), input));
};
