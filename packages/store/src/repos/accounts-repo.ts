import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Account, ApiKeyGrant } from '@wattle/domain';
import { type AccountsStore, AccountWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { StoreWrites } from './store-writes.ts';

/** Keys are stored only as this hash. They are long random strings, so a fast hash is enough. */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');

/** Accounts and their keys; their writes are @wattle/ports' (account-writes.ts). */
export class AccountsRepo extends AccountWrites implements AccountsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx), hashApiKey);
  }

  async get(accountId: string): Promise<Account | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({ TableName: this.ctx.tableName, Key: keys.account(accountId) }),
    );
    return (result.Item?.account as Account | undefined) ?? null;
  }

  /** What a presented key may do, or null for a key that does not exist. */
  async grantFor(apiKey: string): Promise<ApiKeyGrant | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({ TableName: this.ctx.tableName, Key: keys.apiKey(hashApiKey(apiKey)) }),
    );
    return (result.Item?.grant as ApiKeyGrant | undefined) ?? null;
  }
}
