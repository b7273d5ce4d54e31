import { currentDeadline, timeLeftMs, withDeadline } from '@wattle/deadline';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('withDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("aborts the work's signal at the deadline, with a TimeoutError, as the SDK's calls see it", async () => {
    let signal: AbortSignal | undefined;
    const work = withDeadline(1_000, async () => {
      signal = currentDeadline()?.signal;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return signal?.aborted;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ name: 'TimeoutError' });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await work).toBe(true);
  });

  it('leaves no timer behind once the work is done: the signal of finished work is never aborted', async () => {
    let signal: AbortSignal | undefined;
    const result = await withDeadline(1_000, async () => {
      signal = currentDeadline()?.signal;
      expect(timeLeftMs()).toBe(1_000);
      return 'answered';
    });
    expect(result).toBe('answered');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(signal?.aborted).toBe(false);
  });

  it('clears the timer when the work fails too', async () => {
    await expect(
      withDeadline(1_000, async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs the work without a deadline when none is given', async () => {
    expect(await withDeadline(undefined, async () => currentDeadline())).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
