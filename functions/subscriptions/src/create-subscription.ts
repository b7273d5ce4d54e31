import { subscribe, subscribeInputOf } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import {
  createSubscriptionSchema,
  presentSubscription,
  subscribeRequestOf,
  subscriptionValidation,
  validate,
} from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** POST /subscriptions: 201; 400 invalid_resource, 404 resource_not_found, or the first bill's decline. */
export const createSubscription: RouteHandler<SubscriptionsDeps> = async (request, deps) => {
  const input = validate(createSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await subscribe(
    deps,
    scopeOf(request),
    subscribeInputOf(subscribeRequestOf(input), input.plan_token, request.sourceIp, 'resource_not_found'),
  );
  return resource(201, presentSubscription(subscription));
};
