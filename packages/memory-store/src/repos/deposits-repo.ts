import type { Deposit, Scope, WattleEvent } from '@wattle/domain';
import {
  Changed,
  type DepositDebit,
  type DepositsStore,
  type Page,
  type ScheduledJob,
  TokenTaken,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import { debitIn } from '../world/money.ts';
import type { MemoryWorld } from '../world/world.ts';

interface StoredDeposit {
  deposit: Deposit;
  sortKey: string;
}

/** Deposits, their list, and the daily job that makes them: one deposit per account and day. */
export class DepositsRepo implements DepositsStore {
  private readonly deposits;

  constructor(private readonly world: MemoryWorld) {
    this.deposits = world.table<StoredDeposit>('deposit');
  }

  async create(
    scope: Scope,
    deposit: Deposit,
    event: WattleEvent,
    now: Date,
    { ledger, walkEnd, consumes, givenBackLeft }: DepositDebit,
    job: ScheduledJob,
    next: Date,
  ): Promise<void> {
    const id = scoped(scope, deposit.token);
    const list = listKey(scope, 'deposits');
    const change = new Change()
      .check(
        () => !this.deposits.has(id),
        () => new TokenTaken('deposit', deposit.token),
      )
      .write(() => {
        const stored = { deposit: copy(deposit), sortKey: listSortKey(now, deposit.token) };
        this.deposits.set(id, stored);
        this.world.lists.join(list, stored.sortKey, id);
        this.world.lists.move(list, 1);
      });
    debitIn(this.world, change, scope, deposit.currency, deposit.amount, {
      seen: ledger,
      refused: () => new Changed('balance', deposit.currency),
      cursor: walkEnd,
      consumes,
      givenBackLeft,
    });
    this.world.outbox.recordIn(change, scope, event, now);
    this.world.jobs.advanceIn(change, job, next).commit();
  }

  async skip(job: ScheduledJob, next: Date): Promise<void> {
    this.world.jobs.advanceIn(new Change(), job, next).commit();
  }

  async get(scope: Scope, depositToken: string): Promise<Deposit | null> {
    const stored = this.deposits.get(scoped(scope, depositToken));
    return stored ? copy(stored.deposit) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Deposit>> {
    return pageOf(this.world.lists.page(listKey(scope, 'deposits'), page), (id) => {
      const stored = this.deposits.get(id);
      return stored ? copy(stored.deposit) : undefined;
    });
  }
}
