import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
} from '@wattle/runtime/parts';

/** What the customers function's routes use: its bundle holds these parts and no other. */
export const customersDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
});

export type CustomersDeps = ReturnType<typeof customersDeps>;
