import type { Card, Scope } from '@wattle/domain';
import { type CardTokensStore, type SealedCard, TokenUsed } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * The card tokens port in memory. A "sealed" number is the number bound to its merchant and card
 * (readable, so a test sees which number reached the processor); opening it elsewhere fails, as
 * the cipher's context does. `consume` is what a using write does (the store's consumeIn).
 */
export const fakeCardTokens = (): CardTokensStore & {
  unused: Map<string, { sealed: SealedCard; expiresAt: Date }>;
  consume(scope: Scope, cardToken: string, now: Date): void;
} => {
  const unused = new Map<string, { sealed: SealedCard; expiresAt: Date }>();
  const findUnused = (scope: Scope, cardToken: string, now: Date) => {
    const found = unused.get(key(scope, cardToken));
    return found && found.expiresAt > now ? found : null;
  };
  return {
    unused,
    seal: async (scope: Scope, card: Card, cardNumber: string) => ({
      card,
      sealedNumber: `sealed:${key(scope, card.token)}:${cardNumber}`,
    }),
    open: async (scope, sealed) => {
      const prefix = `sealed:${key(scope, sealed.card.token)}:`;
      if (!sealed.sealedNumber.startsWith(prefix)) throw new Error('The sealed number is not this card’s');
      return sealed.sealedNumber.slice(prefix.length);
    },
    put: async (scope, sealed, expiresAt) => {
      unused.set(key(scope, sealed.card.token), { sealed, expiresAt });
    },
    findUnused: async (scope, cardToken, now) => findUnused(scope, cardToken, now)?.sealed ?? null,
    consume: (scope, cardToken, now) => {
      if (!findUnused(scope, cardToken, now)) throw new TokenUsed(cardToken);
      unused.delete(key(scope, cardToken));
    },
  };
};
