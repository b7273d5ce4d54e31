import * as v from 'valibot';
import { subscribeFields } from '../subscription-input.ts';
import { booleanField, presentNullableToken, tokenField } from '../validation.ts';

/** POST /subscriptions. */
export const createSubscriptionSchema = v.object({ plan_token: tokenField(), ...subscribeFields() });

/** PUT /subscriptions/{token}: absent stays undefined; the flow refuses it once the subscription is found. */
export const updateSubscriptionSchema = v.object({ card_token: v.optional(presentNullableToken()) });

/** PUT /subscriptions/{token}/reactivate. */
export const reactivateSubscriptionSchema = v.object({ include_setup_fee: v.optional(booleanField(), true) });
