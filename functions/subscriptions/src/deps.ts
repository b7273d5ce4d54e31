import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  cardTokens,
  customers,
  deadline,
  idempotency,
  paymentSources,
  payments,
  plans,
  processorOf,
  schedule,
  subscriptions,
} from '@wattle/runtime/parts';

/** What the subscriptions function's routes use: its bundle holds these parts and no other. */
export const subscriptionsDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  plans,
  processorOf,
  deadline,
  schedule,
  subscriptions,
});

export type SubscriptionsDeps = ReturnType<typeof subscriptionsDeps>;
