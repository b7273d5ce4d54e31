import type { Scope } from '@wattle/domain';
import { type PaymentSourcesStore, type SealedPaymentSource, TokenUsed } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * Payment sources in memory, with the store's rules: single use, unusable once expired, another
 * merchant's unseen. `consume` is what a using write does (the store's consumeIn).
 */
export type FakePaymentSources = PaymentSourcesStore & {
  consume(scope: Scope, token: string, now: Date): void;
};

export const fakePaymentSources = (): FakePaymentSources => {
  const sources = new Map<string, { sealed: SealedPaymentSource; expiresAt: Date }>();
  const unused = (scope: Scope, token: string, now: Date) => {
    const found = sources.get(key(scope, token));
    return found && found.expiresAt > now ? found : null;
  };
  return {
    put: async (scope, sealed, expiresAt) => {
      sources.set(key(scope, sealed.source.token), { sealed, expiresAt });
    },
    findUnused: async (scope, token, now) => unused(scope, token, now)?.sealed ?? null,
    consume: (scope, token, now) => {
      if (!unused(scope, token, now)) throw new TokenUsed(token);
      sources.delete(key(scope, token));
    },
  };
};
