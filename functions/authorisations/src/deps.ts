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

/** What the authorisations function's routes use: its bundle holds these parts and no other. */
export const authorisationsDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  processorOf,
  deadline,
});

export type AuthorisationsDeps = ReturnType<typeof authorisationsDeps>;
