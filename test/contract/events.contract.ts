import { describe, expect, it } from 'vitest';
import { aBankAccount, anEvent, aRecipient, at, type Engine, later, newScope } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

/** A change that records an event (the outbox): a recipient made at `when`. */
const recordedAt = async (ports: ReturnType<Engine>, scope = newScope(), when = now) => {
  const sealed = await ports.bankAccountTokens.seal(scope, aBankAccount(when), '987654321');
  const event = anEvent('recipient.created', when, { name: 'Roland' });
  await ports.recipients.create(
    scope,
    aRecipient(sealed.bankAccount, when),
    { from: 'new', sealed },
    event,
    when,
  );
  return { scope, event };
};

/** EventsStore and ExpiredItemsStore: the outbox, the fan-out's markers and the counts of expiries. */
export const describeEvents = (engine: Engine) => {
  describe('events', () => {
    it('are recorded by their change, found by their merchant, listed newest first and counted', async () => {
      const ports = engine();
      const { scope, event: first } = await recordedAt(ports);
      const { event: second } = await recordedAt(ports, scope, later(now, 1000));
      expect(await ports.events.get(scope, first.token)).toEqual(first);
      expect(await ports.events.get(newScope(), first.token)).toBeNull();
      expect(await ports.events.list(scope, 1)).toEqual({ items: [second, first], total: 2 });
    });

    it('await their fan-out, oldest first, from when they were written until it is done', async () => {
      const ports = engine();
      const { scope, event } = await recordedAt(ports, newScope(), at('2001-01-01T00:00:00Z'));
      const { event: newer } = await recordedAt(ports, scope, at('2001-01-01T00:00:01Z'));
      const awaiting = async (by: Date) =>
        (await ports.events.awaitingFanOut(by, 1000)).filter(
          (found) => found.scope.accountId === scope.accountId,
        );
      expect(await awaiting(at('2000-12-31T23:59:59Z'))).toEqual([]);
      expect(await awaiting(at('2001-01-01T00:00:00Z'))).toEqual([{ scope, event }]);
      expect(await awaiting(at('2001-01-01T00:00:05Z'))).toEqual([
        { scope, event },
        { scope, event: newer },
      ]);
      await ports.events.fanOutDone(scope, event);
      await ports.events.fanOutDone(scope, event);
      expect(await awaiting(at('2001-01-01T00:00:05Z'))).toEqual([{ scope, event: newer }]);
      expect(await ports.events.get(scope, event.token)).toEqual(event);
    });

    it("leave their list's count once per expiry, however often it is reported", async () => {
      const ports = engine();
      const { scope, event } = await recordedAt(ports);
      const expired = { list: 'events' as const, scope, token: event.token };
      const counted = await Promise.all([
        ports.expiredItems.uncount(expired, now),
        ports.expiredItems.uncount(expired, now),
      ]);
      expect(counted.sort()).toEqual([false, true]);
      expect(await ports.expiredItems.uncount(expired, later(now, 3600_000))).toBe(false);
      expect((await ports.events.list(scope, 1)).total).toBe(0);
    });
  });
};
