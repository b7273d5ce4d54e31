import { type FieldIssue, invalidSubscriptionInput } from '@wattle/domain';
import * as v from 'valibot';
import {
  booleanField,
  phrases,
  presentNullableToken,
  tokenField,
  type ValidationOptions,
} from './validation.ts';

/** The fields that start a subscription (the plan comes from the body or from the path). */
export const subscribeFields = () => ({
  customer_token: tokenField(),
  // Left out, null or empty: the customer's primary card.
  card_token: v.optional(presentNullableToken(), null),
  include_setup_fee: v.optional(booleanField(), true),
});

/** The fields that start a subscription, as the schema outputs them. */
export type SubscribeBody = v.InferOutput<v.ObjectSchema<ReturnType<typeof subscribeFields>, undefined>>;

/** The fields that start a subscription under the domain's names (the flows' SubscribeFields). */
export const subscribeRequestOf = (body: SubscribeBody) => ({
  customerToken: body.customer_token,
  cardToken: body.card_token,
  includeSetupFee: body.include_setup_fee,
});

/**
 * Pin's API reference: the subscription endpoints answer a missing or invalid parameter with 400
 * invalid_resource, messages of `param` and `message` only, worded as Pin's ("Plan token must be
 * present").
 */
export const subscriptionValidation: ValidationOptions = {
  error: (issues: FieldIssue[]) =>
    invalidSubscriptionInput(
      issues.map(({ param, message }) => ({
        param,
        message: message.endsWith(phrases.blank)
          ? `${message.slice(0, -phrases.blank.length)}must be present`
          : message,
      })),
    ),
};
