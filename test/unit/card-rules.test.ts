import {
  addMonths,
  cardScheme,
  countryCode,
  displayNumber,
  isExpired,
  isLuhnValid,
  issuingCountry,
  isValidCardNumber,
  newCard,
} from '@wattle/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const pinTestCards = [
  '4200000000000000',
  '5520000000000000',
  '372000000000000',
  '4100000000000001',
  '5560000000000001',
  '371000000000001',
  '4000000000000002',
  '4300000000000009',
  '4400000000000099',
];

describe('card numbers', () => {
  it('accepts every Pin test card and rejects a Luhn-invalid number', () => {
    for (const number of pinTestCards) expect(isValidCardNumber(number), number).toBe(true);
    expect(isValidCardNumber('5520000000000099')).toBe(false);
    expect(isValidCardNumber('42')).toBe(false);
    expect(isLuhnValid('4242x42424242424')).toBe(false);
  });

  it('finds that changing one digit of a valid number breaks the check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, bump) => {
        const digits = '4200000000000000'.split('');
        digits[position] = String((Number(digits[position]) + bump) % 10);
        return !isLuhnValid(digits.join(''));
      }),
    );
  });

  it('names the scheme from the leading digits', () => {
    expect(cardScheme('4200000000000000')).toBe('visa');
    expect(cardScheme('5520000000000000')).toBe('master');
    expect(cardScheme('2221000000000009')).toBe('master');
    expect(cardScheme('372000000000000')).toBe('amex');
    expect(cardScheme('6011000990139424')).toBe('discover');
    expect(cardScheme('3530111333300000')).toBe('jcb');
    expect(cardScheme('36227206271667')).toBe('diners');
  });

  it('masks all but the last four digits in groups of four', () => {
    expect(displayNumber('4200000000000000')).toBe('XXXX-XXXX-XXXX-0000');
    expect(displayNumber('372000000000000')).toBe('XXX-XXXX-XXXX-0000');
  });

  it('treats the international test numbers as US-issued and Pin test cards as Australian', () => {
    expect(issuingCountry('4242424242424242')).toBe('US');
    expect(issuingCountry('4200000000000000')).toBe('AU');
  });
});

describe('expiry', () => {
  const now = new Date('2026-11-21T05:00:00Z');
  it('keeps a card good through the last day of its expiry month', () => {
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2025, now)).toBe(true);
    expect(isExpired(1, 27, now)).toBe(false);
  });

  it('adds months keeping the day, clamped at month end', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('countries', () => {
  it('takes ISO codes in any case and full names', () => {
    expect(countryCode('AU')).toBe('AU');
    expect(countryCode('nz')).toBe('NZ');
    expect(countryCode('Australia')).toBe('AU');
    expect(countryCode('  united states of america ')).toBe('US');
    expect(countryCode('Antigua and Barbuda')).toBe('AG');
    expect(countryCode('Côte d’Ivoire')).toBe('CI');
  });

  it('refuses what is not a country', () => {
    expect(countryCode('XX')).toBeNull();
    expect(countryCode('Atlantis')).toBeNull();
    expect(countryCode('EU')).toBeNull();
  });
});

describe('newCard', () => {
  it('keeps no number, only the masked form', () => {
    const card = newCard(
      {
        number: '5520000000000000',
        expiryMonth: 5,
        expiryYear: 30,
        cvc: '123',
        name: 'Roland Robot',
        addressLine1: '42 Sevenoaks St',
        addressLine2: null,
        addressCity: 'Lathlain',
        addressPostcode: '6454',
        addressState: 'WA',
        addressCountry: 'Australia',
      },
      'card_abc',
      '2026-11-21T05:00:00Z',
    );
    expect(card.expiryYear).toBe(2030);
    expect(JSON.stringify(card)).not.toContain('5520000000000000');
    expect(JSON.stringify(card)).not.toContain('123');
    expect(card.scheme).toBe('master');
  });
});
