import { type Retention, type Scope, toEpochSeconds, type WattleEvent } from '@wattle/domain';
import type { ScopedEvent } from '@wattle/ports';
import type { Change } from './change.ts';
import { copy } from './copy.ts';
import type { Expiry } from './expiry.ts';
import { scoped, shardOfToken } from './keys.ts';
import { listKey } from './list-keys.ts';
import type { Lists } from './lists.ts';
import { SortedList } from './sorted-list.ts';

/** Fan-out markers are spread over as many parts as due jobs, as on the DynamoDB store. */
export const fanOutShards = 8;

export interface StoredEvent {
  scope: Scope;
  event: WattleEvent;
  listSortKey: string;
  expiresAt: number;
}

export const eventsList = (scope: Scope): string => listKey(scope, 'events');

/**
 * The outbox: an event is recorded by the change that it records (never on its own), with its
 * marker awaiting the fan-out and its count. Whoever runs the fan-out (the local stack's engine)
 * hears of each event once its change is made.
 */
export class Outbox {
  readonly events = new Map<string, StoredEvent>();
  private readonly markerKeys = new Map<string, string>();
  private readonly markers = Array.from({ length: fanOutShards }, () => new SortedList());
  private readonly listeners = new Set<(recorded: ScopedEvent) => void>();

  constructor(
    private readonly lists: Lists,
    private readonly expiry: Expiry,
    private readonly retention: () => Retention,
  ) {
    expiry.register('event', (id, now) => {
      const stored = this.events.get(id);
      if (!stored) return 'gone';
      if (stored.expiresAt > now) return 'kept';
      this.events.delete(id);
      this.lists.leave(eventsList(stored.scope), stored.listSortKey);
      return { list: 'events', scope: stored.scope, token: stored.event.token };
    });
  }

  /** Every event and fan-out marker gone; whoever listens keeps listening. */
  clear(): void {
    this.events.clear();
    this.markerKeys.clear();
    this.markers.splice(0, fanOutShards, ...Array.from({ length: fanOutShards }, () => new SortedList()));
  }

  /** Hears of every event recorded from now on, after its change is made; returns the unsubscribe. */
  onRecorded(listener: (recorded: ScopedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private markerKey(scope: Scope, event: WattleEvent): string {
    return `${new Date(event.createdAt).toISOString()}#${scoped(scope, event.token)}`;
  }

  private markers_(event: WattleEvent): SortedList {
    return this.markers[shardOfToken(event.token, fanOutShards)]!;
  }

  /** Records `event` in `change`: the event (new), its place in the list, its marker and its count. */
  recordIn(change: Change, scope: Scope, event: WattleEvent, createdAt: Date): Change {
    const id = scoped(scope, event.token);
    return change
      .check(() => !this.events.has(id), 'event')
      .write(() => {
        const stored: StoredEvent = {
          scope: { ...scope },
          event: copy(event),
          listSortKey: `${createdAt.toISOString()}#${event.token}`,
          expiresAt: toEpochSeconds(createdAt) + this.retention().eventsSeconds,
        };
        this.events.set(id, stored);
        this.lists.join(eventsList(scope), stored.listSortKey, id);
        this.lists.move(eventsList(scope), 1);
        const markerKey = this.markerKey(scope, event);
        this.markers_(event).insert(markerKey, id);
        this.markerKeys.set(id, markerKey);
        this.expiry.add('event', id, stored.expiresAt);
        if (this.listeners.size > 0) {
          const recorded = { scope: stored.scope, event: copy(stored.event) };
          queueMicrotask(() => {
            for (const listener of this.listeners) listener(recorded);
          });
        }
      });
  }

  /**
   * Events written at or before `writtenBy` whose fan-out is not done, up to `limit` per part,
   * oldest first. A marker whose event is gone (expired) is dropped: nothing to fan out.
   */
  awaitingFanOut(writtenBy: Date, limit: number): ScopedEvent[] {
    const upper = `${writtenBy.toISOString()}$`;
    const found: { key: string; scoped: ScopedEvent }[] = [];
    for (const markers of this.markers) {
      for (const id of markers.oldestBefore(upper, limit)) {
        const key = this.markerKeys.get(id)!;
        const stored = this.events.get(id);
        if (!stored) {
          markers.remove(key);
          this.markerKeys.delete(id);
          continue;
        }
        found.push({ key, scoped: { scope: { ...stored.scope }, event: copy(stored.event) } });
      }
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((f) => f.scoped);
  }

  /** The event's fan-out is done: its marker goes. Idempotent. */
  fanOutDone(scope: Scope, event: WattleEvent): void {
    this.markers_(event).remove(this.markerKey(scope, event));
    this.markerKeys.delete(scoped(scope, event.token));
  }
}
