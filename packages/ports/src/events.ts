import type { Scope, WattleEvent } from '@wattle/domain';
import type { Page } from './pages.ts';

/** An event as the outbox wrote it, with the merchant it belongs to (what the fan-out takes). */
export interface ScopedEvent {
  scope: Scope;
  event: WattleEvent;
}

/**
 * A merchant's events, read only: an event is written by the transaction of the change it
 * records (the outbox), never on its own.
 */
export interface EventsStore {
  get(scope: Scope, eventToken: string): Promise<WattleEvent | null>;
  /** Newest first. */
  list(scope: Scope, page: number): Promise<Page<WattleEvent>>;
}
