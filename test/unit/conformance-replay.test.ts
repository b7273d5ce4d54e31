import { describe, expect, it } from 'vitest';
import { movedExpiry } from '../conformance/replay.ts';

/** The one value the conformance suite changes in a recorded request besides its tokens. */
describe('movedExpiry', () => {
  const now = new Date('2026-12-07T00:00:00Z');

  it('moves a card expiry year by the years since the recording, in the form it was written', () => {
    const body = {
      amount: 50000,
      card: { number: '5520000000000000', expiry_month: '12', expiry_year: '20' },
      source: { expiry_year: 2027, expiry_month: 12 },
      cards: [{ expiry_year: '2024' }],
    };
    expect(movedExpiry(body, '2020-06-01T10:10:45Z', now)).toEqual({
      amount: 50000,
      card: { number: '5520000000000000', expiry_month: '12', expiry_year: '26' },
      source: { expiry_year: 2033, expiry_month: 12 },
      cards: [{ expiry_year: '2030' }],
    });
  });

  it('keeps a card that had expired when recorded expired, and changes nothing else', () => {
    const body = { number: '4444444444444444', expiry_year: '20', address_city: null };
    expect(movedExpiry(body, '2024-11-11T08:45:00Z', now)).toEqual({ ...body, expiry_year: '22' });
    expect(movedExpiry({ description: 'expiry_year' }, '2020-01-01T00:00:00Z', now)).toEqual({
      description: 'expiry_year',
    });
  });
});
