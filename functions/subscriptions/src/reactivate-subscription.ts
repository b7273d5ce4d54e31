import { reactivate } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import {
  presentSubscription,
  reactivateSubscriptionSchema,
  subscriptionValidation,
  validate,
} from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** PUT /subscriptions/{token}/reactivate: 200 active; a bill's decline leaves it cancelled. */
export const reactivateSubscriptionRoute: RouteHandler<
  SubscriptionsDeps,
  'PUT /1/subscriptions/{sub_token}/reactivate'
> = async (request, deps) => {
  const input = validate(reactivateSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await reactivate(
    deps,
    scopeOf(request),
    request.params.sub_token,
    input.include_setup_fee,
    request.sourceIp,
  );
  return resource(200, presentSubscription(subscription));
};
