import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  processor,
} from '@wattle/runtime/parts';

/** What the charges function's routes use: its bundle holds these parts and no other. */
export const chargesDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  processor,
});

export type ChargesDeps = ReturnType<typeof chargesDeps>;
