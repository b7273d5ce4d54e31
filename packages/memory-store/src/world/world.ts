import {
  defaultRetention,
  type Retention,
  type Scope,
  toEpochSeconds,
  type WattleEvent,
} from '@wattle/domain';
import type { Cipher, ExpiredItem, ScheduledJob } from '@wattle/ports';
import { Change } from './change.ts';
import { Expiry, type Removal } from './expiry.ts';
import { Jobs } from './jobs.ts';
import { Lists } from './lists.ts';
import { Outbox } from './outbox.ts';

export interface MemoryWorldOptions {
  /** Seals card and bank account numbers at rest, as the DynamoDB store's card cipher does. */
  cipher: Cipher;
  /** How long events and webhooks are kept (the default retention when not given). */
  retention?: Retention;
  /**
   * Milliseconds left of the work's deadline (@wattle/deadline's `timeLeftMs`): given, every
   * repository's call past it fails with Unavailable('deadline'), as the DynamoDB store's calls
   * are stopped at it (world/deadline.ts). None by default (tests, scripts): no deadline.
   */
  timeLeft?: (() => number) | undefined;
}

/**
 * Everything the in-memory store holds, shared by all its repositories so that one port's change
 * is seen by the others exactly as on the table: the records of each kind (`table`), the lists and
 * their counts, the scheduled jobs, the events' outbox, and what the retention removes. It lives
 * only in this process: nothing is kept after it stops.
 */
export class MemoryWorld {
  readonly cipher: Cipher;
  readonly retention: Retention;
  readonly timeLeft: (() => number) | undefined;
  readonly lists = new Lists();
  readonly jobs = new Jobs();
  readonly expiry = new Expiry();
  readonly outbox: Outbox;
  private readonly tables = new Map<string, Map<string, unknown>>();

  constructor(options: MemoryWorldOptions) {
    this.cipher = options.cipher;
    this.retention = options.retention ?? defaultRetention;
    this.timeLeft = options.timeLeft;
    this.outbox = new Outbox(this.lists, this.expiry, () => this.retention);
  }

  /** The records of one kind, by id (made on first use). */
  table<T>(name: string): Map<string, T> {
    let table = this.tables.get(name);
    if (!table) {
      table = new Map();
      this.tables.set(name, table);
    }
    return table as Map<string, T>;
  }

  /**
   * Everything held as JSON: each kind's records by id, the events (kind `event`) among them, as a
   * scan of the table shows its items. Card and bank account numbers are in it only sealed.
   */
  records(): Record<string, Record<string, unknown>> {
    const byKind: Record<string, Record<string, unknown>> = {};
    for (const [name, table] of this.tables) byKind[name] = Object.fromEntries(table);
    byKind.event = Object.fromEntries(this.outbox.events);
    return JSON.parse(JSON.stringify(byKind));
  }

  /**
   * The records of one kind that the retention removes once `expiresAtOf` (epoch seconds) passes
   * (each filed with `expiry.add` when written or moved on); `removed` does what else goes with a
   * record's removal and says what it counts.
   */
  expiring<T>(
    name: string,
    expiresAtOf: (record: T) => number,
    removed: (record: T, id: string) => Removal = () => 'gone',
  ): Map<string, T> {
    const table = this.table<T>(name);
    this.expiry.register(name, (id, now) => {
      const record = table.get(id);
      if (!record) return 'gone';
      if (expiresAtOf(record) > now) return 'kept';
      table.delete(id);
      return removed(record, id);
    });
    return table;
  }

  /**
   * Records an event as the change it is about would (a tool's or a test's stand-in for that
   * change): the event, its place in the list, its count and its marker awaiting the fan-out.
   */
  recordEvent(scope: Scope, event: WattleEvent, at: Date): void {
    this.outbox.recordIn(new Change(), scope, event, at).commit();
  }

  /** Schedules a job as the change that makes it due would (a tool's or a test's stand-in for it). */
  scheduleJob(job: ScheduledJob): void {
    this.jobs.scheduleIn(new Change(), job).commit();
  }

  /**
   * Empties the world, as a new one would be: every record of every kind, the lists and their
   * counts, the scheduled jobs, the events and what the retention had filed. The repositories over
   * it and whoever listens to its events stay, so a running stack goes on over it. Returns how many
   * records it held (of every kind's table).
   */
  clear(): number {
    let records = 0;
    for (const table of this.tables.values()) {
      records += table.size;
      table.clear();
    }
    this.lists.clear();
    this.jobs.clear();
    this.expiry.clear();
    this.outbox.clear();
    return records;
  }

  /**
   * Removes what the retention let expire by `now` (what DynamoDB's TTL does on AWS): the counted
   * items among them are returned, for ExpiredItemsStore.uncount to take out of their counts.
   */
  sweep(now: Date): ExpiredItem[] {
    return this.expiry.sweep(toEpochSeconds(now));
  }
}
