import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  cardTokens,
  customers,
  deadline,
  idempotency,
  paymentSources,
  payments,
  processorOf,
} from '@wattle/runtime/parts';

/** What the charges function's routes use: its bundle holds these parts and no other. */
export const chargesDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  processorOf,
  deadline,
});

export type ChargesDeps = ReturnType<typeof chargesDeps>;
