import { describe, expect, it } from 'vitest';
import { itemSize, writeUnits } from '../bench/item-size.ts';

describe("DynamoDB's item size and write units (the bench's accounting)", () => {
  it('counts attribute names and values as DynamoDB does', () => {
    expect(itemSize({ pk: { S: 'abc' } })).toBe(5);
    expect(itemSize({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemSize({ ok: { BOOL: true }, no: { NULL: true } })).toBe(6);
    expect(itemSize({ m: { M: { a: { S: 'xy' } } } })).toBe(1 + 3 + 1 + 1 + 2);
    expect(itemSize({ l: { L: [{ S: 'x' }, { N: '7' }] } })).toBe(1 + 3 + (1 + 1) + (1 + 2));
    expect(itemSize({ b: { B: new Uint8Array(10) } })).toBe(11);
    expect(itemSize({ s: { S: 'é' } })).toBe(3);
  });

  it('bills a unit per KB rounded up, two inside a transaction', () => {
    expect(writeUnits(100, false)).toBe(1);
    expect(writeUnits(1024, false)).toBe(1);
    expect(writeUnits(1025, false)).toBe(2);
    expect(writeUnits(100, true)).toBe(2);
    expect(writeUnits(2100, true)).toBe(6);
    expect(writeUnits(0, true)).toBe(2);
  });
});
