import type { Scope } from '@wattle/domain';
import { type CardTokensStore, type SealedCard, TokenUsed } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * Card tokens in memory, with the store's rules: single use, unusable once expired, another
 * merchant's unseen. The "sealing" only marks the number (the flows never look inside).
 */
export const fakeCardTokens = (): CardTokensStore & {
  /** Uses the token up, as a write using it does: TokenUsed when it is gone or expired. */
  use(scope: Scope, cardToken: string, now: Date): void;
} => {
  const tokens = new Map<string, { sealed: SealedCard; expiresAt: Date }>();
  const unused = (scope: Scope, cardToken: string, now: Date) => {
    const found = tokens.get(key(scope, cardToken));
    return found && found.expiresAt > now ? found : null;
  };
  return {
    seal: async (_scope, card, cardNumber) => ({ card, sealedNumber: `sealed:${cardNumber}` }),
    open: async (_scope, sealed) => sealed.sealedNumber.replace(/^sealed:/, ''),
    put: async (scope, sealed, expiresAt) => {
      tokens.set(key(scope, sealed.card.token), { sealed, expiresAt });
    },
    findUnused: async (scope, cardToken, now) => unused(scope, cardToken, now)?.sealed ?? null,
    use: (scope, cardToken, now) => {
      if (!unused(scope, cardToken, now)) throw new TokenUsed(cardToken);
      tokens.delete(key(scope, cardToken));
    },
  };
};

export type FakeCardTokens = ReturnType<typeof fakeCardTokens>;
