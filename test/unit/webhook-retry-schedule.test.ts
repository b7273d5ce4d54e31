import { deliveryHoldSeconds, nextRetryAt, outlivesItsEventUnheld, retryDelaysSeconds } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

const at = new Date('2026-11-21T05:00:00Z');

describe('the webhook retry schedule', () => {
  it('retries 60 s after the first failure, then doubling', () => {
    expect(nextRetryAt(1, at)).toEqual(new Date(at.getTime() + 60_000));
    expect(nextRetryAt(2, at)).toEqual(new Date(at.getTime() + 120_000));
    expect(retryDelaysSeconds.slice(0, 4)).toEqual([60, 120, 240, 480]);
  });

  it('makes 12 retries over about three days, then none', () => {
    expect(retryDelaysSeconds).toHaveLength(12);
    const total = retryDelaysSeconds.reduce((sum, s) => sum + s, 0);
    expect(total / 86400).toBeGreaterThan(2.5);
    expect(total / 86400).toBeLessThan(3.1);
    expect(nextRetryAt(12, at)).not.toBeNull();
    expect(nextRetryAt(13, at)).toBeNull();
  });

  it('holds a webhook being delivered through every retry after the attempt asked for now', () => {
    let due = at;
    for (let failed = 1; failed <= retryDelaysSeconds.length; failed++) due = nextRetryAt(failed, due)!;
    expect(due.getTime()).toBeLessThan(at.getTime() + deliveryHoldSeconds * 1000);
  });

  it("holds a fanned-out event only when its retention could end before its webhooks' retries", () => {
    const made = at.toISOString();
    expect(outlivesItsEventUnheld(made, at)).toBe(false);
    expect(outlivesItsEventUnheld(made, new Date(at.getTime() + 26 * 86_400_000))).toBe(false);
    expect(outlivesItsEventUnheld(made, new Date(at.getTime() + 27 * 86_400_000))).toBe(true);
    expect(outlivesItsEventUnheld(made, new Date(at.getTime() + 31 * 86_400_000))).toBe(true);
  });
});
