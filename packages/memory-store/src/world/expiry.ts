import type { ExpiredItem } from '@wattle/ports';

/**
 * What the retention removes when its time comes (DynamoDB's TTL on AWS): the expiring records by
 * the minute they expire in, so a sweep visits only what may be due. A record whose expiry moved
 * later (a webhook held for its delivery) is visited at its old minute, found not due and left;
 * it was filed under its new minute when it moved.
 */
export class Expiry {
  private readonly byMinute = new Map<number, Set<string>>();
  private readonly removers = new Map<string, (id: string, nowSeconds: number) => Removal>();

  /** How records of `table` are removed: 'kept' when not due (yet), else what the removal counts. */
  register(table: string, remove: (id: string, nowSeconds: number) => Removal): void {
    this.removers.set(table, remove);
  }

  /** Nothing filed any more; how each table's records are removed stays registered. */
  clear(): void {
    this.byMinute.clear();
  }

  /** Files the record `id` of `table` to be removed at `expiresAt` (epoch seconds). */
  add(table: string, id: string, expiresAt: number): void {
    const minute = Math.floor(expiresAt / 60);
    let ids = this.byMinute.get(minute);
    if (!ids) {
      ids = new Set();
      this.byMinute.set(minute, ids);
    }
    ids.add(`${table}\u0000${id}`);
  }

  /** Removes what expired by `nowSeconds`: the counted items it removed, for their counts to follow. */
  sweep(nowSeconds: number): ExpiredItem[] {
    const expired: ExpiredItem[] = [];
    const last = Math.floor(nowSeconds / 60);
    for (const minute of [...this.byMinute.keys()].filter((m) => m <= last).sort((a, b) => a - b)) {
      const ids = this.byMinute.get(minute)!;
      for (const entry of ids) {
        const [table, id] = entry.split('\u0000') as [string, string];
        const removal = this.removers.get(table)?.(id, nowSeconds) ?? 'gone';
        if (removal === 'kept' && minute === last) continue;
        ids.delete(entry);
        if (typeof removal === 'object') expired.push(removal);
      }
      if (ids.size === 0) this.byMinute.delete(minute);
    }
    return expired;
  }
}

/**
 * A sweep's outcome for one record: 'kept' (not due: it stays filed while its minute is now),
 * 'gone' (removed, or gone already: nothing to count), or the counted item removed.
 */
export type Removal = 'kept' | 'gone' | ExpiredItem;
