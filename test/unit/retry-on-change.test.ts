import { BalanceShort, Changed, DeadlineReached, TransactionConflictError } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import {
  firstRetryDelayMs,
  maxRetryDelayMs,
  retryBudgetMs,
  retryDelayMs,
  retryOnChange,
} from '../../packages/flows/src/shared/retry-on-change.ts';
import { pacingLosingAfter, virtualPacing } from '../fakes/system.ts';

const changed = (resource: string) => new Changed(resource, 'AUD');

/** An attempt that loses every round, counting them. */
const alwaysLosing = () => {
  const state = { runs: 0 };
  const attempt = async (): Promise<never> => {
    state.runs++;
    throw changed('balance');
  };
  return { state, attempt };
};

describe('retryOnChange', () => {
  it("never waits past the request's deadline: out of time it gives up with DeadlineReached", async () => {
    const pacing = virtualPacing({ deadlineMs: 100 });
    const { state, attempt } = alwaysLosing();
    const failure = await retryOnChange(pacing, attempt).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeadlineReached);
    expect((failure as DeadlineReached).cause).toBeInstanceOf(Changed);
    expect(pacing.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(100);
    expect(state.runs).toBeGreaterThan(1);
  });

  it('runs the attempt again while its item changed underneath, and answers with the first success', async () => {
    let runs = 0;
    const result = await retryOnChange(virtualPacing(), async () => {
      runs++;
      if (runs < 3) throw changed('balance');
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('gives up as a transaction conflict (a retryable 503) after losing every attempt', async () => {
    let runs = 0;
    const failure = await retryOnChange(pacingLosingAfter(5), async () => {
      runs++;
      throw changed('balance');
    }).catch((error: unknown) => error);
    expect(runs).toBe(5);
    expect(failure).toBeInstanceOf(TransactionConflictError);
    expect((failure as Error).cause).toBeInstanceOf(Changed);
  });

  it('passes any other failure straight on, without running again', async () => {
    let runs = 0;
    const other = new BalanceShort(500);
    const failure = await retryOnChange(virtualPacing(), async () => {
      runs++;
      throw other;
    }).catch((error: unknown) => error);
    expect([failure, runs]).toEqual([other, 1]);
  });

  it('keeps trying until the whole budget is spent, and only then gives up', async () => {
    const pacing = virtualPacing({ random: 0.999 });
    const { state, attempt } = alwaysLosing();
    const failure = await retryOnChange(pacing, attempt).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransactionConflictError);
    const waited = pacing.sleeps.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBe(retryBudgetMs);
    // Far more rounds than the four or eight immediate ones it used to give up after.
    expect(state.runs).toBeGreaterThan(20);
    expect(state.runs).toBe(pacing.sleeps.length + 1);
  });

  it('waits longer after each lost round, up to the cap', async () => {
    const pacing = virtualPacing({ random: 0.999 });
    await retryOnChange(pacing, alwaysLosing().attempt).catch(() => undefined);
    const [first, second, third] = pacing.sleeps;
    expect(first).toBeCloseTo(firstRetryDelayMs * 0.999);
    expect(second).toBeCloseTo(2 * first!);
    expect(third).toBeCloseTo(4 * first!);
    const beforeLast = pacing.sleeps.slice(0, -1);
    for (let i = 1; i < beforeLast.length; i++)
      expect(beforeLast[i]).toBeGreaterThanOrEqual(beforeLast[i - 1]!);
    expect(Math.max(...pacing.sleeps)).toBeCloseTo(maxRetryDelayMs * 0.999);
  });

  it('jitters each wait uniformly between nothing and its ceiling', () => {
    for (const lost of [1, 2, 3, 5, 8, 40]) {
      const ceiling = Math.min(maxRetryDelayMs, firstRetryDelayMs * 2 ** (lost - 1));
      expect(retryDelayMs(lost, 0)).toBe(0);
      expect(retryDelayMs(lost, 0.5)).toBeCloseTo(ceiling / 2);
      expect(retryDelayMs(lost, 0.999_999)).toBeLessThan(ceiling);
      expect(retryDelayMs(lost, 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
  });

  it('retries only the changes it is told to, passing other ones straight on', async () => {
    let runs = 0;
    const planGone = changed('plan');
    const failure = await retryOnChange(
      virtualPacing(),
      async () => {
        runs++;
        throw runs === 1 ? changed('subscription') : planGone;
      },
      (refusal) => refusal.resource === 'subscription',
    ).catch((error: unknown) => error);
    expect([failure, runs]).toEqual([planGone, 2]);
  });
});
