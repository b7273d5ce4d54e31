import type { Account, ApiKeyGrant } from '@wattle/domain';
import { type AccountsStore, AccountWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { hashApiKey } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

/** Accounts and their keys (by their hashes); their writes are @wattle/ports' (account-writes.ts). */
export class AccountsRepo extends AccountWrites implements AccountsStore {
  private readonly accounts;
  private readonly grants;

  constructor(world: MemoryWorld) {
    super(new StoreWrites(world), hashApiKey);
    this.accounts = world.table<{ account: Account }>('account');
    this.grants = world.table<{ grant: ApiKeyGrant }>('api-key');
  }

  async get(accountId: string): Promise<Account | null> {
    const stored = this.accounts.get(accountId);
    return stored ? copy(stored.account) : null;
  }

  async grantFor(apiKey: string): Promise<ApiKeyGrant | null> {
    const stored = this.grants.get(hashApiKey(apiKey));
    return stored ? copy(stored.grant) : null;
  }
}
