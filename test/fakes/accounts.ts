import type { Account, ApiKeyGrant } from '@wattle/domain';
import type { AccountsStore, NewApiKey } from '@wattle/ports';

/** The accounts port in memory (keys kept in clear here: the store keeps only their hashes). */
export const fakeAccounts = (): AccountsStore & {
  accounts: Map<string, Account>;
  keys: Map<string, ApiKeyGrant>;
  add(account: Account, apiKeys: NewApiKey[]): void;
} => {
  const accounts = new Map<string, Account>();
  const keys = new Map<string, ApiKeyGrant>();
  const add = (account: Account, apiKeys: NewApiKey[]) => {
    if (accounts.has(account.id)) throw new Error(`The account ${account.id} exists already`);
    accounts.set(account.id, account);
    for (const { apiKey, grant } of apiKeys) keys.set(apiKey, grant);
  };
  return {
    accounts,
    keys,
    add,
    create: async (account, apiKeys) => add(account, apiKeys),
    get: async (accountId) => accounts.get(accountId) ?? null,
    grantFor: async (apiKey) => keys.get(apiKey) ?? null,
  };
};
