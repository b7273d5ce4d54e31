import { type Scope, toEpochSeconds } from '@wattle/domain';
import {
  type ExpiredItem,
  type ExpiredItemsStore,
  type ExpiringList,
  expiredMarkSeconds,
} from '@wattle/ports';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { eventsList } from '../world/outbox.ts';
import type { MemoryWorld } from '../world/world.ts';

const listKeys: Record<ExpiringList, (scope: Scope) => string> = {
  events: eventsList,
  webhooks: (scope) => listKey(scope, 'webhooks'),
};

/** The counts of the lists whose items the retention removes: each expiry counted once. */
export class ExpiredItemsRepo implements ExpiredItemsStore {
  private readonly marks;

  constructor(private readonly world: MemoryWorld) {
    this.marks = world.expiring<number>('expiry-mark', (until) => until);
  }

  async uncount(item: ExpiredItem, now: Date): Promise<boolean> {
    const id = scoped(item.scope, item.token);
    if (this.marks.has(id)) return false;
    const until = toEpochSeconds(now) + expiredMarkSeconds;
    this.marks.set(id, until);
    this.world.expiry.add('expiry-mark', id, until);
    this.world.lists.move(listKeys[item.list](item.scope), -1);
    return true;
  }
}
