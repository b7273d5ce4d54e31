import type { Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';

/** An event as the outbox wrote it, with the merchant it belongs to (what the fan-out takes). */
export interface ScopedEvent {
  scope: Scope;
  event: WattleEvent;
}

/**
 * A merchant's events: an event is written by the transaction of the change it records (the
 * outbox), never on its own, and written awaiting its fan-out: it stays so until the fan-out has
 * made its webhooks and asked for their deliveries, so an event the table stream never brought to
 * the fan-out is found again (`awaitingFanOut`).
 */
export interface EventsStore {
  get(scope: Scope, eventToken: string): Promise<WattleEvent | null>;
  /** Newest first. */
  list(scope: Scope, page: number): Promise<Page<WattleEvent>>;
  /**
   * Events written at or before `writtenBy` whose fan-out is not done, oldest first (up to `limit` per
   * partition of what holds them, so at most a few hundred a call).
   */
  awaitingFanOut(writtenBy: Date, limit?: number): Promise<ScopedEvent[]>;
  /** The event's fan-out is done: its webhooks are made and their deliveries asked for. Idempotent. */
  fanOutDone(scope: Scope, event: WattleEvent): Promise<void>;
}
