import {
  currentDeadline,
  outsideCallReserveMs,
  outsideCallSignal,
  timeLeftMs,
  withDeadline,
} from '@wattle/deadline';
import { deadline as processorCallDeadline } from '@wattle/runtime/parts';
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

  it("makes no timer for work that reads no signal (a memory store's request reads only the time left)", async () => {
    const timers = await withDeadline(1_000, async () => {
      expect(timeLeftMs()).toBe(1_000);
      return vi.getTimerCount();
    });
    expect(timers).toBe(0);
  });

  it('gives a signal read first after the work ended that is never aborted and keeps no timer', async () => {
    let deadline: ReturnType<typeof currentDeadline>;
    await withDeadline(1_000, async () => {
      deadline = currentDeadline();
    });
    const late = [deadline?.signal, deadline?.outsideCall];
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(late.map((signal) => signal?.aborted)).toEqual([false, false]);
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

describe("an outside call's budget (outsideCallSignal)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the call the reserve before the deadline, leaving the store its calls until the deadline itself', async () => {
    const ms = outsideCallReserveMs + 3_000;
    let outside: AbortSignal | undefined;
    let store: AbortSignal | undefined;
    const work = withDeadline(ms, async () => {
      outside = outsideCallSignal();
      store = currentDeadline()?.signal;
      await new Promise((resolve) => setTimeout(resolve, ms + 1_000));
    });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(outside?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outside?.aborted).toBe(true);
    expect(outside?.reason).toMatchObject({ name: 'TimeoutError' });
    // The reserve: what the call's outcome needs written, and the answer, before the store stops.
    expect(store?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(outsideCallReserveMs - 1);
    expect(store?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(store?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    await work;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is spent at once when less than the reserve is left: the call is never sent', async () => {
    const aborted = await withDeadline(outsideCallReserveMs - 1, async () => {
      await vi.advanceTimersByTimeAsync(0);
      return outsideCallSignal()?.aborted;
    });
    expect(aborted).toBe(true);
  });

  it('is the same signal for every outside call of the work, and none without a deadline', async () => {
    await withDeadline(60_000, async () => {
      expect(outsideCallSignal()).toBe(outsideCallSignal());
    });
    expect(vi.getTimerCount()).toBe(0);
    expect(outsideCallSignal()).toBeUndefined();
  });

  it("is what every processor call carries (the CallDeadline port's part), never the deadline itself", async () => {
    const signalOf = processorCallDeadline();
    await withDeadline(60_000, async () => {
      expect(signalOf()).toBe(outsideCallSignal());
      expect(signalOf()).not.toBe(currentDeadline()?.signal);
    });
    // Without a deadline (tests, scripts), a signal that is never aborted.
    expect(signalOf().aborted).toBe(false);
  });
});
