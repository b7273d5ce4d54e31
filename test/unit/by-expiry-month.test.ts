import type { PinError } from '@wattle/domain';
import { cardInputSchema, createChargeSchema, createCustomerSchema, validate } from '@wattle/wire';
import { describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';

const card = cardFields({ number: '4200 0000 0000 0000', expiry_month: '11', expiry_year: '2026' });

const issuesAt = (at: string) => {
  try {
    validate(cardInputSchema(new Date(at), 'live'), card);
    return [];
  } catch (error) {
    return (error as PinError).messages ?? [];
  }
};

describe('schemas built once per expiry month', () => {
  it('are the same schema through a month and a new one in the next', () => {
    const november = cardInputSchema(new Date('2026-11-01T00:00:00Z'), 'live');
    expect(cardInputSchema(new Date('2026-11-30T23:59:59Z'), 'live')).toBe(november);
    expect(cardInputSchema(new Date('2026-12-01T00:00:00Z'), 'live')).not.toBe(november);
    const charge = createChargeSchema(new Date('2026-11-02T00:00:00Z'), 'live');
    expect(createChargeSchema(new Date('2026-11-29T00:00:00Z'), 'live')).toBe(charge);
    const customer = createCustomerSchema(new Date('2026-11-02T00:00:00Z'), 'live');
    expect(createCustomerSchema(new Date('2026-11-29T00:00:00Z'), 'live')).toBe(customer);
  });

  it("are one per environment, as a card number's text differs between them", () => {
    const at = new Date('2026-11-02T00:00:00Z');
    expect(cardInputSchema(at, 'test')).not.toBe(cardInputSchema(at, 'live'));
    expect(cardInputSchema(at, 'test')).toBe(cardInputSchema(new Date('2026-11-29T00:00:00Z'), 'test'));
    expect(cardInputSchema(at, 'live')).toBe(cardInputSchema(new Date('2026-11-29T00:00:00Z'), 'live'));
  });

  it('check expiry against the date given, as the clock moves forward and back', () => {
    expect(issuesAt('2026-11-30T23:59:59Z')).toEqual([]);
    const expired = [
      { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is expired' },
      { param: 'expiry_year', code: 'expiry_year_invalid', message: 'Expiry year is expired' },
    ];
    expect(issuesAt('2026-12-01T00:00:00Z')).toEqual(expired);
    expect(issuesAt('2027-01-15T00:00:00Z')).toEqual(expired);
    expect(issuesAt('2026-11-15T00:00:00Z')).toEqual([]);
  });
});
