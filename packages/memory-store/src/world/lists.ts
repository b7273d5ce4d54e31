import { pageWindow } from '@wattle/domain';
import type { Page } from '@wattle/ports';
import { SortedList } from './sorted-list.ts';

/**
 * Every list (a merchant's charges, a customer's cards…) by its key, and every list's count, kept
 * apart as the DynamoDB store keeps its counters: an item the retention removes leaves its list at
 * once but its count only when the expiry is counted (ExpiredItemsStore), as on AWS.
 */
export class Lists {
  private readonly lists = new Map<string, SortedList>();
  private readonly counts = new Map<string, number>();

  /** Every list and count gone. */
  clear(): void {
    this.lists.clear();
    this.counts.clear();
  }

  private listOf(listKey: string): SortedList {
    let list = this.lists.get(listKey);
    if (!list) {
      list = new SortedList();
      this.lists.set(listKey, list);
    }
    return list;
  }

  join(listKey: string, sortKey: string, id: string): void {
    this.listOf(listKey).insert(sortKey, id);
  }

  leave(listKey: string, sortKey: string): void {
    const list = this.lists.get(listKey);
    if (!list) return;
    list.remove(sortKey);
    if (list.size === 0) this.lists.delete(listKey);
  }

  count(listKey: string): number {
    return this.counts.get(listKey) ?? 0;
  }

  move(listKey: string, delta: number): void {
    const n = this.count(listKey) + delta;
    if (n === 0) this.counts.delete(listKey);
    else this.counts.set(listKey, n);
  }

  /** Forgets a list's count (a deleted customer's cards). */
  dropCount(listKey: string): void {
    this.counts.delete(listKey);
  }

  /** One page (Pin's `page`, 25 a page) of the ids, newest first, with the list's count. */
  page(listKey: string, page: number): { ids: string[]; total: number } {
    const { skip, take } = pageWindow(page);
    return { ids: this.lists.get(listKey)?.newestFirst(skip, take) ?? [], total: this.count(listKey) };
  }

  /** Ids with sort keys in [from, to], newest first, at most `limit`. */
  between(listKey: string, from: string, to: string, limit: number): string[] {
    return this.lists.get(listKey)?.between(from, to, limit) ?? [];
  }

  /** Every id of the list, oldest first. */
  all(listKey: string): string[] {
    return this.lists.get(listKey)?.all() ?? [];
  }
}

/** A page of ids read through `read` (ids whose record is gone are left out). */
export const pageOf = <T>(
  found: { ids: string[]; total: number },
  read: (id: string) => T | undefined,
): Page<T> => ({
  items: found.ids.map(read).filter((item): item is T => item !== undefined),
  total: found.total,
});

/** The sort-key range of items created in [from, to) (the DynamoDB store's readBetween). */
export const createdRange = (from: Date | null, to: Date | null): { from: string; to: string } => ({
  from: from ? from.toISOString() : '0',
  // '#' follows the time in the sort key: everything strictly before `to`.
  to: to ? `${new Date(to.getTime() - 1).toISOString()}$` : '~',
});
