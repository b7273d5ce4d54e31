import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Deposit, Scope } from '@wattle/domain';
import { type DepositsStore, DepositWrites, type Page } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const depositsCounter = (scope: Scope) => counter(lists.deposits(scope), merchantWideShards);

const toDeposit = (item: Record<string, unknown>): Deposit => item.deposit as Deposit;

/**
 * Deposits, their list, and the daily job that makes them; their writes are @wattle/ports'
 * (money-writes.ts): one transaction, so a deposit is made once per account and day whatever runs
 * overlap or crash.
 */
export class DepositsRepo extends DepositWrites implements DepositsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, token: string): Promise<Deposit | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.deposit(scope, token),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toDeposit(result.Item) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Deposit>> {
    const c = depositsCounter(scope);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: c.listKey, counter: c },
      page,
      toDeposit,
    );
  }
}
