import type { Recipient, Scope } from '@wattle/domain';
import { type BankAccountIntake, Changed, type RecipientsStore } from '@wattle/ports';
import type { FakeBankAccountTokens } from './bank-account-tokens.ts';

const key = (scope: Scope, token: string) => `${scope.accountId}#${scope.environment}#${token}`;

/**
 * Recipients in memory, with the store's refusals: Changed when the version read is no longer the
 * recipient's (or it is gone), TokenUsed when a bank account token was used already. A refused
 * write changes nothing, the token included.
 */
export const fakeRecipients = (
  tokens: FakeBankAccountTokens,
): RecipientsStore & { sealedNumbers: Map<string, string> } => {
  const all = new Map<string, { recipient: Recipient; version: number }>();
  const sealedNumbers = new Map<string, string>();
  const take = (scope: Scope, intake: BankAccountIntake | null, now: Date) => {
    if (intake?.from === 'token') tokens.use(scope, intake.sealed.bankAccount.token, now);
  };
  const current = (scope: Scope, token: string, version: number) => {
    const found = all.get(key(scope, token));
    if (!found || found.version !== version) throw new Changed('recipient', token);
    return found;
  };
  return {
    sealedNumbers,
    get: async (scope, token) => {
      const found = all.get(key(scope, token));
      return found ? { ...found } : null;
    },
    list: async (scope, n) => {
      const items = [...all.entries()]
        .filter(([k]) => k.startsWith(`${scope.accountId}#${scope.environment}#`))
        .map(([, loaded]) => loaded.recipient)
        .reverse();
      return { items: items.slice((n - 1) * 25, n * 25), total: items.length };
    },
    create: async (scope, recipient, intake, _event, now) => {
      take(scope, intake, now);
      all.set(key(scope, recipient.token), { recipient, version: 1 });
      sealedNumbers.set(recipient.token, intake.sealed.sealedNumber);
    },
    update: async (scope, loaded, recipient, intake, _event, now) => {
      const found = current(scope, recipient.token, loaded.version);
      take(scope, intake, now);
      all.set(key(scope, recipient.token), { recipient, version: found.version + 1 });
      if (intake) sealedNumbers.set(recipient.token, intake.sealed.sealedNumber);
    },
    delete: async (scope, loaded) => {
      current(scope, loaded.recipient.token, loaded.version);
      all.delete(key(scope, loaded.recipient.token));
    },
  };
};
