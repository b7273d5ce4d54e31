import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Deposit, Scope, WattleEvent } from '@wattle/domain';
import {
  Changed,
  type DepositDebit,
  type DepositsStore,
  type Page,
  type ScheduledJob,
  TokenTaken,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { advanceIn } from '../kernel/schedule.ts';
import { type BalanceLabel, debitIn } from './balance-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type DepositLabel = 'deposit' | BalanceLabel;

const depositsCounter = (scope: Scope) => counter(lists.deposits(scope), merchantWideShards);

const toDeposit = (item: Record<string, unknown>): Deposit => item.deposit as Deposit;

/** Deposits, their list, and the daily job that makes them. */
export class DepositsRepo implements DepositsStore {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * The deposit (new: its token is the day's), its debit of the balance (the transfers' guarded
   * debit), the list, its event and the daily job moved to `next`: one transaction, so a deposit
   * is made once per account and day whatever runs overlap or crash.
   */
  async create(
    scope: Scope,
    deposit: Deposit,
    event: WattleEvent,
    now: Date,
    { ledger, walkEnd, consumes, givenBackLeft }: DepositDebit,
    job: ScheduledJob,
    next: Date,
  ): Promise<void> {
    const tx = newTransaction<DepositLabel>(this.ctx).put('deposit', {
      Item: {
        ...keys.deposit(scope, deposit.token),
        _et: 'deposit',
        deposit,
        ...listMembership('gsi1', lists.deposits(scope), listSortKey(now, deposit.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    debitIn(tx, scope, deposit.currency, deposit.amount, {
      seen: ledger,
      cursor: walkEnd,
      consumes,
      givenBackLeft,
    });
    countIn(tx, depositsCounter(scope), 1);
    recordEvent(tx, scope, event, now);
    advanceIn(tx, job, next);
    await tx.commit(this.ctx.doc, {
      deposit: () => new TokenTaken('deposit', deposit.token),
      balance: () => new Changed('balance', deposit.currency),
    });
  }

  async skip(job: ScheduledJob, next: Date): Promise<void> {
    await advanceIn(newTransaction<DepositLabel>(this.ctx), job, next).commit(this.ctx.doc);
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
