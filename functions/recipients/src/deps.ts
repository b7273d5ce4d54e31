import { functionDeps } from '@wattle/runtime';
import { accounts, bankAccountTokens, idempotency, recipients, transfers } from '@wattle/runtime/parts';

/** What the recipients function's routes use: its bundle holds these parts and no other. */
export const recipientsDeps = functionDeps({
  accounts,
  bankAccountTokens,
  idempotency,
  recipients,
  transfers,
});

export type RecipientsDeps = ReturnType<typeof recipientsDeps>;
