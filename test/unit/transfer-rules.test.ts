import { type ChargeCredit, overlapOf, takeGivenBack } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

const credit = (merchantEntitlement: number): ChargeCredit => ({
  position: '2026-01-01T00:00:00.000Z#ch_1',
  chargeToken: 'ch_1',
  description: 'Order',
  amount: merchantEntitlement + 48,
  totalFees: 48,
  merchantEntitlement,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('the part of a charge’s proceeds a payout covers', () => {
  // The charge's proceeds sit at [100, 1052) among all proceeds.
  const c = credit(952);
  it.each([
    ['before it', 0, 100, 0],
    ['its start', 0, 101, 1],
    ['all of it and more', 50, 2000, 952],
    ['inside it', 200, 300, 100],
    ['its end', 1000, 1100, 52],
    ['after it', 1052, 2000, 0],
    ['an empty range', 500, 500, 0],
  ])('%s', (_, from, to, covered) => {
    expect(overlapOf(c, 100, from, to)).toBe(covered);
  });

  it('splits any range exactly over consecutive charges', () => {
    const charges = [credit(952), credit(10), credit(500)];
    const starts = [0, 952, 962];
    for (const [from, to] of [
      [0, 1462],
      [100, 1000],
      [952, 962],
      [961, 1300],
    ] as const) {
      const total = charges.reduce((sum, charge, i) => sum + overlapOf(charge, starts[i]!, from, to), 0);
      expect(total).toBe(to - from);
    }
  });
});

describe('paying out failed refunds’ give-backs first', () => {
  const back = (chargeToken: string, givenBack: number): ChargeCredit => ({
    ...credit(952),
    chargeToken,
    givenBack,
  });

  it('takes them oldest first, the last perhaps in part, and leaves the rest waiting', () => {
    expect(takeGivenBack([back('ch_a', 300), back('ch_b', 200), back('ch_c', 100)], 400)).toEqual({
      paid: [
        { credit: back('ch_a', 300), amount: 300 },
        { credit: back('ch_b', 200), amount: 100 },
      ],
      left: [back('ch_b', 100), back('ch_c', 100)],
      covered: 400,
    });
  });

  it('covers what they hold when the payout is larger, leaving none', () => {
    expect(takeGivenBack([back('ch_a', 300)], 1000)).toEqual({
      paid: [{ credit: back('ch_a', 300), amount: 300 }],
      left: [],
      covered: 300,
    });
  });

  it('covers nothing when none wait', () => {
    expect(takeGivenBack([], 1000)).toEqual({ paid: [], left: [], covered: 0 });
  });
});
