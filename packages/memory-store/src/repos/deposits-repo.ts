import type { Deposit, Scope } from '@wattle/domain';
import { type DepositsStore, DepositWrites, type Page } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredDeposit {
  deposit: Deposit;
}

/**
 * Deposits, their list, and the daily job that makes them: one deposit per account and day; their
 * writes are @wattle/ports' (money-writes.ts).
 */
export class DepositsRepo extends DepositWrites implements DepositsStore {
  private readonly deposits;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.deposits = world.table<StoredDeposit>('deposit');
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
