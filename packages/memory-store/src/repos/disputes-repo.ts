import type { Dispute, Scope } from '@wattle/domain';
import { type DisputesStore, DisputeWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

/** Disputes; their writes are @wattle/ports' (dispute-writes.ts), each step under the dispute's version. */
export class DisputesRepo extends DisputeWrites implements DisputesStore {
  private readonly disputes;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.disputes = world.table<{ dispute: Dispute }>('dispute');
  }

  async get(scope: Scope, disputeToken: string): Promise<Dispute | null> {
    const stored = this.disputes.get(scoped(scope, disputeToken));
    return stored ? copy(stored.dispute) : null;
  }

  async all(scope: Scope, limit: number): Promise<Dispute[]> {
    return this.world.lists
      .between(listKey(scope, 'disputes'), '0', '~', limit)
      .map((id) => copy(this.disputes.get(id)!.dispute));
  }

  async count(scope: Scope): Promise<number> {
    return this.world.lists.count(listKey(scope, 'disputes'));
  }
}
