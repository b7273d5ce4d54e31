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

/** What the plans function's routes use: its bundle holds these parts and no other. */
export const plansDeps = functionDeps({
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

export type PlansDeps = ReturnType<typeof plansDeps>;
