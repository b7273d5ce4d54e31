import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  balance,
  idempotency,
  payments,
  recipients,
  schedule,
  transfers,
} from '@wattle/runtime/parts';

/** What the transfers function's routes use: its bundle holds these parts and no other. */
export const transfersDeps = functionDeps({
  accounts,
  balance,
  idempotency,
  payments,
  recipients,
  schedule,
  transfers,
});

export type TransfersDeps = ReturnType<typeof transfersDeps>;
