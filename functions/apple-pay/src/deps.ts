import { functionDeps } from '@wattle/runtime';
import { accounts, applePayDomains, idempotency } from '@wattle/runtime/parts';

/** What the apple-pay function's routes use: its bundle holds these parts and no other. */
export const applePayDeps = functionDeps({ accounts, applePayDomains, idempotency });

export type ApplePayDeps = ReturnType<typeof applePayDeps>;
