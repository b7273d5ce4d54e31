import { describe, expect, it } from 'vitest';
import { copy } from '../../packages/memory-store/src/world/copy.ts';

/** The memory store's records are copied as their JSON would be: the DynamoDB store's items' shape. */
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('the memory store copy', () => {
  const record = {
    token: 'ch_1',
    amount: 400,
    captured: true,
    refundedAt: null,
    note: undefined,
    createdAt: new Date('2026-12-07T22:21:10.000Z'),
    card: { token: 'card_1', name: 'A', extra: undefined, seen: [1, undefined, 'x', () => 1, null] },
    ratio: Number.NaN,
    far: Number.POSITIVE_INFINITY,
    metadata: {},
    list: [{ a: 1 }, [2, [3]]],
  };

  it('gives what a JSON round trip gives: fields left out, dates as text, non-finite numbers as null', () => {
    const copied = copy(record);
    expect(copied).toStrictEqual(viaJson(record));
    expect(JSON.stringify(copied)).toBe(JSON.stringify(record));
    expect(Object.keys(copied)).toStrictEqual(Object.keys(viaJson(record)));
  });

  it('shares no object with what it copied', () => {
    const copied = copy(record);
    copied.card.name = 'B';
    (copied.list[0] as { a: number }).a = 2;
    expect(record.card.name).toBe('A');
    expect(record.list[0]).toStrictEqual({ a: 1 });
  });

  it('copies a class instance as a plain object of its own fields, as JSON does', () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
      get sum() {
        return this.x + this.y;
      }
    }
    const copied = copy({ at: new Point(1, 2), seen: new Map([[1, 2]]) });
    expect(copied).toStrictEqual(viaJson({ at: new Point(1, 2), seen: new Map([[1, 2]]) }));
    expect(Object.getPrototypeOf(copied.at)).toBe(Object.prototype);
  });
});
