import type { Scope, WattleEvent } from '@wattle/domain';
import type { EventsStore, Page, ScopedEvent } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { pageOf } from '../world/lists.ts';
import { eventsList } from '../world/outbox.ts';
import type { MemoryWorld } from '../world/world.ts';

/** A merchant's events, as the outbox (world/outbox.ts) records them with their changes. */
export class EventsRepo implements EventsStore {
  constructor(private readonly world: MemoryWorld) {}

  async get(scope: Scope, eventToken: string): Promise<WattleEvent | null> {
    const stored = this.world.outbox.events.get(scoped(scope, eventToken));
    return stored ? copy(stored.event) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<WattleEvent>> {
    return pageOf(this.world.lists.page(eventsList(scope), page), (id) => {
      const stored = this.world.outbox.events.get(id);
      return stored ? copy(stored.event) : undefined;
    });
  }

  async awaitingFanOut(writtenBy: Date, limit = 25): Promise<ScopedEvent[]> {
    return this.world.outbox.awaitingFanOut(writtenBy, limit);
  }

  async fanOutDone(scope: Scope, event: WattleEvent): Promise<void> {
    this.world.outbox.fanOutDone(scope, event);
  }
}
