import type { Account, ApiKeyGrant, ProcessorRouting } from '@wattle/domain';
import { type AccountsStore, depositJobsOf, type NewApiKey } from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { hashApiKey } from '../world/keys.ts';
import type { MemoryWorld } from '../world/world.ts';

export const accountsOf = (world: MemoryWorld) => world.table<Account>('account');
export const apiKeysOf = (world: MemoryWorld) => world.table<ApiKeyGrant>('api-key');

/** Writes an account and its keys (hashed) in `change`, with a deposit-mode account's daily jobs. */
export const accountIn = (
  world: MemoryWorld,
  change: Change,
  account: Account,
  apiKeys: NewApiKey[],
): Change => {
  const accounts = accountsOf(world);
  const grants = apiKeysOf(world);
  change.check(() => !accounts.has(account.id), 'account');
  for (const { apiKey, grant } of apiKeys)
    change.check(() => !grants.has(hashApiKey(apiKey)), `key:${grant.kind}:${grant.environment}`);
  change.write(() => {
    accounts.set(account.id, copy(account));
    for (const { apiKey, grant } of apiKeys) grants.set(hashApiKey(apiKey), copy(grant));
  });
  for (const job of depositJobsOf(account)) world.jobs.scheduleIn(change, job);
  return change;
};

export class AccountsRepo implements AccountsStore {
  constructor(private readonly world: MemoryWorld) {}

  async create(account: Account, apiKeys: NewApiKey[]): Promise<void> {
    accountIn(this.world, new Change(), account, apiKeys).commit();
  }

  async get(accountId: string): Promise<Account | null> {
    const account = accountsOf(this.world).get(accountId);
    return account ? copy(account) : null;
  }

  async grantFor(apiKey: string): Promise<ApiKeyGrant | null> {
    const grant = apiKeysOf(this.world).get(hashApiKey(apiKey));
    return grant ? copy(grant) : null;
  }

  async setProcessorRouting(accountId: string, routing: ProcessorRouting | null): Promise<boolean> {
    const account = accountsOf(this.world).get(accountId);
    if (!account) return false;
    const { processorRouting: _earlier, ...rest } = account;
    accountsOf(this.world).set(accountId, copy(routing ? { ...rest, processorRouting: routing } : rest));
    return true;
  }
}
