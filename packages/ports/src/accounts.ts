import type { Account, ApiKeyGrant } from '@wattle/domain';

export interface NewApiKey {
  /** The key in clear: the store keeps only its hash. */
  apiKey: string;
  grant: ApiKeyGrant;
}

/** Merchants' and partners' accounts, and the API keys that act for them. */
export interface AccountsStore {
  /** The account and all its keys, together. */
  create(account: Account, apiKeys: NewApiKey[]): Promise<void>;
  get(accountId: string): Promise<Account | null>;
  /** What a presented key may do, or null for a key that does not exist. */
  grantFor(apiKey: string): Promise<ApiKeyGrant | null>;
}
