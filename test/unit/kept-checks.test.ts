import { ipAddressField, paymentFields, paymentSourceInputSchema } from '@wattle/wire';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * Checks Wattle makes beyond Pin's documentation and keeps, for safety or to bound what it stores
 * (docs/api/strictness.md, "Kept"): the ones no other test names.
 */
const now = new Date('2026-12-07T00:00:00Z');
const refusedAt = (schema: v.GenericSchema, input: unknown): string[] => {
  const parsed = v.safeParse(schema, input);
  return parsed.success ? [] : parsed.issues.map((issue) => v.getDotPath(issue) ?? '');
};

describe('kept checks', () => {
  it('take an ip_address only as one IPv4 or IPv6 address: not a forwarded-for list, not a name', () => {
    for (const address of ['203.0.113.41', '2001:db8::1']) {
      expect(refusedAt(ipAddressField(), address), address).toEqual([]);
    }
    for (const text of ['203.0.113.41, 10.0.0.1', 'localhost', '203.0.113']) {
      expect(refusedAt(ipAddressField(), text), text).toEqual(['']);
    }
  });

  it("require a network token's cryptogram and ECI: without them it is only a card number", () => {
    const source = {
      number: '4200000000000000',
      expiry_month: '12',
      expiry_year: '2030',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eci: '05',
    };
    const schema = paymentSourceInputSchema(now, 'live');
    expect(refusedAt(schema, { type: 'network_token', source })).toEqual([]);
    const { cryptogram: _c, ...noCryptogram } = source;
    expect(refusedAt(schema, { type: 'network_token', source: noCryptogram })).toEqual(['source.cryptogram']);
    const { eci: _e, ...noEci } = source;
    expect(refusedAt(schema, { type: 'network_token', source: noEci })).toEqual(['source.eci']);
  });

  it("bound a payment's text: 255 characters of description, and no more", () => {
    const { description } = paymentFields(now, 'live');
    expect(refusedAt(description, 'x'.repeat(255))).toEqual([]);
    expect(refusedAt(description, 'x'.repeat(256))).toEqual(['']);
  });
});
