import { Changed, KeyHeld } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { at, type Engine, later, newScope, race, unique } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');
const times = (at: Date) => ({ now: at, retentionSeconds: 24 * 3600, lockSeconds: 60 });
const response = { statusCode: 201, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' };

/** IdempotencyStore: a key claimed by one request, its response replayed, expired after the retention. */
export const describeIdempotency = (engine: Engine) => {
  describe('idempotency keys', () => {
    it('are claimed by one of racing requests; the other finds it in progress', async () => {
      const { idempotency } = engine();
      const scope = newScope();
      const key = unique('key');
      const [a, b] = await Promise.all([
        idempotency.start(scope, key, 'r1', times(now)),
        idempotency.start(scope, key, 'r1', times(now)),
      ]);
      expect([a.outcome, b.outcome].sort()).toEqual(['in-progress', 'started']);
    });

    it('replay the response to the same request, refuse another request, until the retention ends', async () => {
      const { idempotency } = engine();
      const scope = newScope();
      const key = unique('key');
      expect(await idempotency.start(scope, key, 'r1', times(now))).toEqual({ outcome: 'started' });
      await idempotency.complete(scope, key, response);
      expect(await idempotency.start(scope, key, 'r1', times(later(now, 1000)))).toEqual({
        outcome: 'replay',
        response,
      });
      expect(await idempotency.start(scope, key, 'r2', times(later(now, 1000)))).toEqual({
        outcome: 'mismatch',
      });
      expect(await idempotency.start(newScope(), key, 'r2', times(now))).toEqual({ outcome: 'started' });
      const dayLater = later(now, 24 * 3600_000);
      expect(await idempotency.start(scope, key, 'r2', times(dayLater))).toEqual({ outcome: 'started' });
    });

    it('are taken over by the same request once the lock of one that died passes, not by another', async () => {
      const { idempotency } = engine();
      const scope = newScope();
      const key = unique('key');
      await idempotency.start(scope, key, 'r1', times(now));
      expect(await idempotency.start(scope, key, 'r1', times(later(now, 59_000)))).toEqual({
        outcome: 'in-progress',
      });
      expect(await idempotency.start(scope, key, 'r2', times(later(now, 61_000)))).toEqual({
        outcome: 'mismatch',
      });
      const { won } = await race(
        idempotency.start(scope, key, 'r1', times(later(now, 61_000))).then((s) => {
          if (s.outcome !== 'started') throw new Error(s.outcome);
        }),
        idempotency.start(scope, key, 'r1', times(later(now, 61_000))).then((s) => {
          if (s.outcome !== 'started') throw new Error(s.outcome);
        }),
      );
      expect(won).toBe(1);
    });

    it('keep the answer a payment’s commit carries (KeyCompletion) with its changes, or not at all', async () => {
      const { idempotency, payments } = engine();
      const scope = newScope();
      const kept = unique('key');
      const refused = unique('key');
      await idempotency.start(scope, kept, 'r1', times(now));
      await idempotency.start(scope, refused, 'r1', times(now));
      await payments.commit(scope, [{ kind: 'key-completion', keyHash: kept, response }], now);
      expect(await idempotency.start(scope, kept, 'r1', times(later(now, 1000)))).toEqual({
        outcome: 'replay',
        response,
      });
      // With a change its condition refuses (a lease that is not there), the answer is not kept.
      await expect(
        payments.commit(
          scope,
          [
            { kind: 'lease-use', paymentToken: unique('ch') },
            { kind: 'key-completion', keyHash: refused, response },
          ],
          now,
        ),
      ).rejects.toThrow(Changed);
      expect(await idempotency.start(scope, refused, 'r1', times(later(now, 1000)))).toEqual({
        outcome: 'in-progress',
      });
    });

    it('are claimed first in a payment’s commit (KeyClaim), or refuse it with what they hold (KeyHeld)', async () => {
      const { idempotency, payments } = engine();
      const scope = newScope();
      const key = unique('key');
      const claim = (requestHash: string, at: Date) =>
        ({ kind: 'key-claim', keyHash: key, requestHash, times: times(at) }) as const;
      const heldBy = (requestHash: string, at: Date) =>
        payments.commit(scope, [claim(requestHash, at)], at).then(
          () => 'started',
          (error: unknown) => {
            if (!(error instanceof KeyHeld)) throw error;
            return error.held;
          },
        );
      expect(await heldBy('r1', now)).toBe('started');
      expect(await heldBy('r1', later(now, 1000))).toEqual({ outcome: 'in-progress' });
      expect(await heldBy('r2', later(now, 1000))).toEqual({ outcome: 'mismatch' });
      await payments.commit(scope, [{ kind: 'key-completion', keyHash: key, response }], now);
      expect(await heldBy('r1', later(now, 2000))).toEqual({ outcome: 'replay', response });
      // Refused, the commit writes none of its changes: the lease it would have made is not there.
      const token = unique('ch');
      await expect(
        payments.commit(
          scope,
          [claim('r1', later(now, 3000)), { kind: 'lease', paymentToken: token, until: later(now, 60_000) }],
          now,
        ),
      ).rejects.toThrow(KeyHeld);
      await expect(payments.commit(scope, [{ kind: 'lease-use', paymentToken: token }], now)).rejects.toThrow(
        Changed,
      );
      // As start: a claim the store took is the same key's record.
      const other = unique('key');
      await payments.commit(
        scope,
        [{ kind: 'key-claim', keyHash: other, requestHash: 'r1', times: times(now) }],
        now,
      );
      expect(await idempotency.start(scope, other, 'r1', times(later(now, 1000)))).toEqual({
        outcome: 'in-progress',
      });
      expect(await idempotency.start(scope, other, 'r1', times(later(now, 61_000)))).toEqual({
        outcome: 'started',
      });
    });

    it('are freed by a release, for the same request to be retried', async () => {
      const { idempotency } = engine();
      const scope = newScope();
      const key = unique('key');
      await idempotency.start(scope, key, 'r1', times(now));
      await idempotency.release(scope, key);
      expect(await idempotency.start(scope, key, 'r2', times(now))).toEqual({ outcome: 'started' });
    });
  });
};
