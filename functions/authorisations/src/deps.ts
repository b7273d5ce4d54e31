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

/** What the authorisations function's routes use: its bundle holds these parts and no other. */
export const authorisationsDeps = functionDeps({
  accounts,
  cardTokens,
  customers,
  idempotency,
  paymentSources,
  payments,
  processor,
});

export type AuthorisationsDeps = ReturnType<typeof authorisationsDeps>;
