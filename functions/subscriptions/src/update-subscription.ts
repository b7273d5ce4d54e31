import { changeCard } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import {
  presentSubscription,
  subscriptionValidation,
  updateSubscriptionSchema,
  validate,
} from '@wattle/wire';
import type { SubscriptionsDeps } from './deps.ts';

/** PUT /subscriptions/{token}: the card billed, a card of the customer (null or empty: its primary card). */
export const updateSubscription: RouteHandler<SubscriptionsDeps, 'PUT /1/subscriptions/{sub_token}'> = async (
  request,
  deps,
) => {
  const input = validate(updateSubscriptionSchema, request.body, subscriptionValidation);
  const subscription = await changeCard(deps, scopeOf(request), request.params.sub_token, input.card_token);
  return resource(200, presentSubscription(subscription));
};
