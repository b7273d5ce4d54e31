import { functionDeps } from '@wattle/runtime';
import { accounts, idempotency, merchants, passwordHasher } from '@wattle/runtime/parts';

/** What the merchants function's routes use: its bundle holds these parts and no other. */
export const merchantsDeps = functionDeps({ accounts, idempotency, merchants, passwordHasher });

export type MerchantsDeps = ReturnType<typeof merchantsDeps>;
