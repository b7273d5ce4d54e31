/**
 * Keys in ascending order (a list's sort keys: creation time, then token), each naming a record
 * by its id. New keys almost always land at the end (the clock moves forward), so an insertion is
 * a binary search and a push; pages read from the newest end without touching the rest.
 */
export class SortedList {
  private readonly keys: string[] = [];
  private readonly ids: string[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** Where `key` is, or where it would go. */
  private position(key: string): number {
    let low = 0;
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
    if (this.keys[at] === key) {
      this.ids[at] = id;
      return;
    }
    this.keys.splice(at, 0, key);
    this.ids.splice(at, 0, id);
  }

  remove(key: string): boolean {
    const at = this.position(key);
    if (this.keys[at] !== key) return false;
    this.keys.splice(at, 1);
    this.ids.splice(at, 1);
    return true;
  }

  /** The ids of `take` keys after skipping the `skip` newest, newest first. */
  newestFirst(skip: number, take: number): string[] {
    const found: string[] = [];
    for (let i = this.keys.length - 1 - skip; i >= 0 && found.length < take; i--) found.push(this.ids[i]!);
    return found;
  }

  /** The ids of keys in [from, to], newest first, at most `limit`. */
  between(from: string, to: string, limit: number): string[] {
    const found: string[] = [];
    for (let i = this.position(`${to}\u0000`) - 1; i >= 0 && found.length < limit; i--) {
      if (this.keys[i]! < from) break;
      found.push(this.ids[i]!);
    }
    return found;
  }

  /** The ids of keys before `upper`, oldest first, at most `limit`. */
  oldestBefore(upper: string, limit: number): string[] {
    const end = Math.min(this.position(upper), limit);
    return this.ids.slice(0, end);
  }

  /** The ids of `key` and the keys after it, oldest first. */
  from(key: string): string[] {
    return this.ids.slice(this.position(key));
  }

  /** Every id, oldest first. */
  all(): string[] {
    return [...this.ids];
  }
}
