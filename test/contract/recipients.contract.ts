import { Changed } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { aBankAccount, anEvent, aRecipient, at, type Engine, later, newScope, race } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

/** RecipientsStore: recipients with their sealed bank account, under versions. */
export const describeRecipients = (engine: Engine) => {
  describe('recipients', () => {
    const make = async (ports: ReturnType<Engine>, scope = newScope(), when = now) => {
      const sealed = await ports.bankAccountTokens.seal(scope, aBankAccount(when), '987654321');
      const recipient = aRecipient(sealed.bankAccount, when);
      await ports.recipients.create(
        scope,
        recipient,
        { from: 'new', sealed },
        anEvent('recipient.created', when),
        when,
      );
      return { scope, recipient };
    };

    it('are made, listed newest first and counted, each with its event', async () => {
      const ports = engine();
      const { scope, recipient: first } = await make(ports);
      const { recipient: second } = await make(ports, scope, later(now, 1));
      expect(await ports.recipients.get(scope, first.token)).toEqual({ recipient: first, version: 1 });
      expect(await ports.recipients.list(scope, 1)).toEqual({ items: [second, first], total: 2 });
      expect((await ports.events.list(scope, 1)).total).toBe(2);
    });

    it('take one of two updates read at one version; the other is Changed', async () => {
      const ports = engine();
      const { scope, recipient } = await make(ports);
      const loaded = (await ports.recipients.get(scope, recipient.token))!;
      const update = (name: string) =>
        ports.recipients.update(
          scope,
          loaded,
          { ...recipient, name },
          null,
          anEvent('recipient.updated', now),
          now,
        );
      const { won, refusals } = await race(update('a'), update('b'));
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('recipient', recipient.token)]);
      expect((await ports.recipients.get(scope, recipient.token))?.version).toBe(2);
    });

    it('are deleted as read: a stale delete is Changed, and the list and count follow', async () => {
      const ports = engine();
      const { scope, recipient } = await make(ports);
      const loaded = (await ports.recipients.get(scope, recipient.token))!;
      await ports.recipients.update(
        scope,
        loaded,
        { ...recipient, name: 'x' },
        null,
        anEvent('recipient.updated', now),
        now,
      );
      await expect(
        ports.recipients.delete(scope, loaded, anEvent('recipient.deleted', now), now),
      ).rejects.toEqual(new Changed('recipient', recipient.token));
      const current = (await ports.recipients.get(scope, recipient.token))!;
      await ports.recipients.delete(scope, current, anEvent('recipient.deleted', now), now);
      expect(await ports.recipients.get(scope, recipient.token)).toBeNull();
      expect(await ports.recipients.list(scope, 1)).toEqual({ items: [], total: 0 });
      await expect(
        ports.recipients.delete(scope, current, anEvent('recipient.deleted', now), now),
      ).rejects.toEqual(new Changed('recipient', recipient.token));
    });
  });
};
