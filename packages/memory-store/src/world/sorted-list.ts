/**
 * Keys in ascending order (a list's sort keys: creation time, then token), each naming a record
 * by its id. New keys almost always land at the end (the clock moves forward), so an insertion is
 * a binary search and a push; pages read from the newest end without touching the rest. The
 * oldest keys go first when the retention removes a list's items: those are dropped by moving
 * the list's start (`head`), and the arrays are compacted once half of them is dropped, so a
 * sweep never moves the rest of a long list for each key it removes.
 */
export class SortedList {
  private keys: string[] = [];
  private ids: string[] = [];
  /** Where the list starts: the entries before it are removed. */
  private head = 0;

  get size(): number {
    return this.keys.length - this.head;
  }

  /** Where `key` is, or where it would go. */
  private position(key: string): number {
    let low = this.head;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Adds (or, for a key it holds, re-points) `key`. */
  insert(key: string, id: string): void {
    const at = this.position(key);
    if (at < this.keys.length && this.keys[at] === key) {
      this.ids[at] = id;
      return;
    }
    if (at === this.keys.length) {
      this.keys.push(key);
      this.ids.push(id);
      return;
    }
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: string): boolean {
    const at = this.position(key);
    if (at >= this.keys.length || this.keys[at] !== key) return false;
    if (at === this.head) {
      this.head++;
      if (this.head * 2 >= this.keys.length) this.compact();
    } else {
      this.keys.splice(at, 1);
      this.ids.splice(at, 1);
    }
    return true;
  }

  private compact(): void {
    this.keys = this.keys.slice(this.head);
    this.ids = this.ids.slice(this.head);
    this.head = 0;
  }

  /** The ids of `take` keys after skipping the `skip` newest, newest first. */
  newestFirst(skip: number, take: number): string[] {
    const found: string[] = [];
    for (let i = this.keys.length - 1 - skip; i >= this.head && found.length < take; i--)
      found.push(this.ids[i]!);
    return found;
  }

  /** The ids of keys in [from, to], newest first, at most `limit`. */
  between(from: string, to: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = this.position(`${to}\u0000`) - 1; i >= this.head && found.length < limit; i--) {
      if (this.keys[i]! < from) break;
      found.push(this.ids[i]!);
    }
    return found;
  }

  /** The ids of keys before `upper`, oldest first, at most `limit`. */
  oldestBefore(upper: string, limit: number): string[] {
    return this.ids.slice(this.head, Math.min(this.position(upper), this.head + limit));
  }

  /** The ids of `key` and the keys after it, oldest first. */
  from(key: string): string[] {
    return this.ids.slice(this.position(key));
  }

  /** Every id, oldest first. */
  all(): string[] {
    return this.ids.slice(this.head);
  }
}
