import { timeLeftMs, withDeadline } from '@wattle/deadline';
import { createMemoryStore } from '@wattle/memory-store';
import { Unavailable } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeCipher } from '../fakes/cipher.ts';

const scope = { accountId: 'acc_deadline', environment: 'live' } as const;

/**
 * The memory engine honours the work's deadline as the DynamoDB store does (its every call bound by
 * the deadline's signal: a call past it fails with Unavailable('deadline')), so a flow that leaves
 * itself no time to write after an outside call fails on it too, not only on DynamoDB.
 */
describe("the memory store at the work's deadline", () => {
  const store = createMemoryStore({ cipher: fakeCipher(), timeLeft: timeLeftMs });

  it("refuses a read or a write past the deadline with Unavailable('deadline'), as the DynamoDB store does", async () => {
    const refusal = await withDeadline(20, async () => {
      await new Promise((resolve) => setTimeout(resolve, 40));
      return store.payments.get(scope, 'ch_any').then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    expect(refusal).toBeInstanceOf(Unavailable);
    expect(refusal).toMatchObject({ reason: 'deadline' });
    await expect(withDeadline(0, () => store.idempotency.release(scope, 'key'))).rejects.toMatchObject({
      reason: 'deadline',
    });
  });

  it('answers within the deadline, and without one (tests, scripts)', async () => {
    await withDeadline(5_000, async () => {
      expect(await store.payments.get(scope, 'ch_in_time')).toBeNull();
    });
    expect(await store.payments.get(scope, 'ch_in_time')).toBeNull();
  });
});
