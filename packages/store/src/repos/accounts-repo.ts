import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Account, ApiKeyGrant, ProcessorRouting } from '@wattle/domain';
import { type AccountsStore, depositJobsOf, type NewApiKey } from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { keys } from '../kernel/keys.ts';
import { type JobLabel, scheduleIn } from '../kernel/schedule.ts';
import type { Transaction } from '../kernel/transaction.ts';

/** The labels of an account's items in a transaction (with its daily deposit jobs). */
export type AccountLabel = 'account' | `key:${string}` | JobLabel;

/** Keys are stored only as this hash. They are long random strings, so a fast hash is enough. */
export const hashApiKey = (apiKey: string): string => createHash('sha256').update(apiKey).digest('hex');

/** Writes an account and its keys (hashed) inside `tx`. */
export const accountIn = <L extends string>(
  tx: Transaction<L | AccountLabel>,
  account: Account,
  apiKeys: NewApiKey[],
): Transaction<L | AccountLabel> => {
  tx.put('account', {
    Item: { ...keys.account(account.id), _et: 'account', account },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  for (const { apiKey, grant } of apiKeys) {
    tx.put(`key:${grant.kind}:${grant.environment}`, {
      Item: { ...keys.apiKey(hashApiKey(apiKey)), _et: 'api_key', grant },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  }
  for (const job of depositJobsOf(account)) scheduleIn(tx, job);
  return tx;
};

export class AccountsRepo implements AccountsStore {
  constructor(private readonly ctx: StoreContext) {}

  /** The account and all its keys, in one transaction. */
  async create(account: Account, apiKeys: NewApiKey[]): Promise<void> {
    await accountIn(newTransaction<AccountLabel>(this.ctx), account, apiKeys).commit(this.ctx.doc);
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

  /** Sets or removes the account's routing, on the account's item (one read gives both). */
  async setProcessorRouting(accountId: string, routing: ProcessorRouting | null): Promise<boolean> {
    try {
      await this.ctx.doc.send(
        new UpdateCommand({
          TableName: this.ctx.tableName,
          Key: keys.account(accountId),
          UpdateExpression: routing ? 'SET #a.#r = :r' : 'REMOVE #a.#r',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#a': 'account', '#r': 'processorRouting' },
          ...(routing ? { ExpressionAttributeValues: { ':r': routing } } : {}),
        }),
      );
      return true;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}
