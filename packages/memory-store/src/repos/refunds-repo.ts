import type { Refund, Scope } from '@wattle/domain';
import { type Page, type RefundsStore, RefundWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredRefund {
  refund: Refund;
}

/**
 * Refunds: each takes its amount off what is left of its charge, never past it, however they race;
 * their writes are @wattle/ports' (refund-writes.ts).
 */
export class RefundsRepo extends RefundWrites implements RefundsStore {
  private readonly refunds;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.refunds = world.table<StoredRefund>('refund');
  }

  async get(scope: Scope, refundToken: string): Promise<Refund | null> {
    const stored = this.refunds.get(scoped(scope, refundToken));
    return stored ? copy(stored.refund) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Refund>> {
    return pageOf(this.world.lists.page(listKey(scope, 'refunds'), page), (id) => this.read(id));
  }

  async listForCharge(scope: Scope, chargeToken: string, page: number): Promise<Page<Refund>> {
    return pageOf(this.world.lists.page(listKey(scope, 'refunds', chargeToken), page), (id) => this.read(id));
  }

  private read(id: string): Refund | undefined {
    const stored = this.refunds.get(id);
    return stored ? copy(stored.refund) : undefined;
  }
}
