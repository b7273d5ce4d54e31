import { isAtLeastMinimum, isWithinMaximum, minimumAmount } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

describe("an amount's limits, the domain's one rule for charges, authorisations and plans", () => {
  it('is at least its currency’s minimum: 100 for AUD, the currency’s own where it has one', () => {
    expect(isAtLeastMinimum(100, 'AUD')).toBe(true);
    expect(isAtLeastMinimum(99, 'AUD')).toBe(false);
    expect(minimumAmount('HKD')).not.toBe(minimumAmount('AUD'));
    expect(isAtLeastMinimum(minimumAmount('HKD'), 'HKD')).toBe(true);
    expect(isAtLeastMinimum(minimumAmount('HKD') - 1, 'HKD')).toBe(false);
  });

  it('is at most the largest charge, 600000', () => {
    expect(isWithinMaximum(600_000)).toBe(true);
    expect(isWithinMaximum(600_001)).toBe(false);
  });
});
