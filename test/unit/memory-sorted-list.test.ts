import { describe, expect, it } from 'vitest';
import { SortedList } from '../../packages/memory-store/src/world/sorted-list.ts';

const key = (n: number) => String(n).padStart(4, '0');

/** The memory store's lists: pages, ranges and removals from either end read as one sorted list. */
describe('a sorted list', () => {
  it('keeps its order through removals from the oldest end (the retention) and inserts in between', () => {
    const list = new SortedList();
    for (let n = 0; n < 100; n += 2) list.insert(key(n), `id${n}`);
    for (let n = 0; n < 60; n += 2) expect(list.remove(key(n))).toBe(true);
    expect(list.remove(key(0))).toBe(false);
    list.insert(key(61), 'id61');
    list.insert(key(1), 'id1');
    expect(list.size).toBe(22);
    expect(list.all().slice(0, 3)).toEqual(['id1', 'id60', 'id61']);
    expect(list.newestFirst(0, 3)).toEqual(['id98', 'id96', 'id94']);
    expect(list.newestFirst(20, 5)).toEqual(['id60', 'id1']);
    expect(list.between(key(60), key(64), 10)).toEqual(['id64', 'id62', 'id61', 'id60']);
    expect(list.oldestBefore(key(62), 10)).toEqual(['id1', 'id60', 'id61']);
    expect(list.oldestBefore(key(99), 2)).toEqual(['id1', 'id60']);
    expect(list.from(key(95))).toEqual(['id96', 'id98']);
    expect(list.remove(key(1))).toBe(true);
    expect(list.remove(key(98))).toBe(true);
    expect(list.all()).toEqual(['id60', 'id61', ...Array.from({ length: 18 }, (_, i) => `id${62 + 2 * i}`)]);
  });
});
