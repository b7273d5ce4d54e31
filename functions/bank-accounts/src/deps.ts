import { functionDeps } from '@wattle/runtime';
import { accounts, bankAccountTokens, idempotency } from '@wattle/runtime/parts';

/** What the bank-accounts function's routes use: its bundle holds these parts and no other. */
export const bankAccountsDeps = functionDeps({ accounts, bankAccountTokens, idempotency });

export type BankAccountsDeps = ReturnType<typeof bankAccountsDeps>;
