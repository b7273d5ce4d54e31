import type { Scope } from '@wattle/domain';
import { type BankAccountTokensStore, type SealedBankAccount, TokenUsed } from '@wattle/ports';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

export type FakeBankAccountTokens = BankAccountTokensStore & {
  /** Uses the token up as the store's using write does: TokenUsed when it is gone or expired. */
  use(scope: Scope, token: string, now: Date): void;
};

/** Bank account tokens in memory: single use, expiring, sealed numbers readable by the test. */
export const fakeBankAccountTokens = (): FakeBankAccountTokens => {
  const unused = new Map<string, { sealed: SealedBankAccount; expiresAt: Date }>();
  const live = (scope: Scope, token: string, now: Date) => {
    const found = unused.get(key(scope, token));
    return found && found.expiresAt > now ? found : null;
  };
  return {
    seal: async (_scope, bankAccount, accountNumber) => ({
      bankAccount,
      sealedNumber: `sealed:${accountNumber}`,
    }),
    put: async (scope, sealed, expiresAt) => {
      unused.set(key(scope, sealed.bankAccount.token), { sealed, expiresAt });
    },
    findUnused: async (scope, token, now) => live(scope, token, now)?.sealed ?? null,
    use: (scope, token, now) => {
      if (!live(scope, token, now)) throw new TokenUsed(token);
      unused.delete(key(scope, token));
    },
  };
};
