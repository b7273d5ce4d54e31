import { bodyLimits, nestFields, parseForm } from '@wattle/http';
import { describe, expect, it } from 'vitest';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('nestFields', () => {
  it('nests brackets: fields of objects, appended items, indexed items of arrays', () => {
    expect(
      plain(
        nestFields({
          'card[number]': '4200',
          'metadata[order]': '7',
          'customer_permissions[]': ['cancel', 'refund'],
          'items[0][sku]': 'a',
          'items[1][sku]': 'b',
          plain: 'x',
        }),
      ),
    ).toEqual({
      card: { number: '4200' },
      metadata: { order: '7' },
      customer_permissions: ['cancel', 'refund'],
      items: [{ sku: 'a' }, { sku: 'b' }],
      plain: 'x',
    });
  });

  it('keeps a repeated name as an array, closes index gaps, and reads big or odd indices as names', () => {
    expect(plain(nestFields({ a: ['1', '2'], 'b[3]': 'x', 'b[7]': 'y' }))).toEqual({
      a: ['1', '2'],
      b: ['x', 'y'],
    });
    expect(plain(nestFields({ 'm[123]': 'x', 'n[01]': 'y', 'o[0]': 'z', 'o[k]': 'w' }))).toEqual({
      m: { 123: 'x' },
      n: { '01': 'y' },
      o: { 0: 'z', k: 'w' },
    });
  });

  it('takes a name not of the bracket form as it is, and drops an empty one', () => {
    expect(plain(nestFields({ 'a[b': '1', 'a]': '2', '[c]': '3', '': '4', 'd.e': '5' }))).toEqual({
      'a[b': '1',
      'a]': '2',
      '[c]': '3',
      'd.e': '5',
    });
    // Brackets that do not close, nest, or stop before the end: the whole name, as it is.
    expect(
      plain(nestFields({ 'f[g]h': '1', 'i[[j]]': '2', 'k[l]]': '3', 'm]n[o]': '4', 'p[q][': '5' })),
    ).toEqual({ 'f[g]h': '1', 'i[[j]]': '2', 'k[l]]': '3', 'm]n[o]': '4', 'p[q][': '5' });
  });

  it('drops names with a prototype key anywhere, on prototype-less objects', () => {
    const fields = nestFields({
      '__proto__[x]': '1',
      'a[constructor]': '1',
      'b[c][prototype]': '1',
      ok: '1',
    });
    expect(plain(fields)).toEqual({ ok: '1' });
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses a name that is both a value and a group, nesting past the limit and arrays past theirs', () => {
    for (const flat of [
      { a: '1', 'a[b]': '2' },
      { 'a[b]': '2', 'a[b][c]': '3' },
      { [`a${'[b]'.repeat(bodyLimits.maxDepth + 1)}`]: '1' },
      { 'a[]': Array.from({ length: bodyLimits.maxArrayItems + 1 }, () => 'x') },
      { a: Array.from({ length: bodyLimits.maxArrayItems + 1 }, () => 'x') },
    ]) {
      expect(() => nestFields(flat), Object.keys(flat)[0]).toThrow(
        expect.objectContaining({ code: 'bad_request', status: 400 }),
      );
    }
    expect(() => nestFields({ [`a${'[b]'.repeat(bodyLimits.maxDepth)}`]: '1' })).not.toThrow();
  });

  it('is what query strings go through too', () => {
    expect(plain(parseForm('a[b]=1&c[]=x&c[]=y&d=%20+'))).toEqual({ a: { b: '1' }, c: ['x', 'y'], d: '  ' });
  });
});
