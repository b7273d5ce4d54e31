import { instantProceedsCard, isLuhnValid, settlementDay, settlementDelayFor } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

describe('when a charge’s proceeds settle', () => {
  it('five days after capture by default, at capture on the instant-proceeds test card', () => {
    expect(isLuhnValid(instantProceedsCard)).toBe(true);
    expect(settlementDelayFor('4200000000000000')).toEqual({});
    expect(settlementDelayFor(instantProceedsCard)).toEqual({ settlementDelayDays: 0 });
    const capturedAt = '2026-03-01T23:59:00.000Z';
    expect(settlementDay(capturedAt)).toBe('2026-03-06');
    expect(settlementDay(capturedAt, settlementDelayFor(instantProceedsCard).settlementDelayDays)).toBe(
      '2026-03-01',
    );
  });
});
