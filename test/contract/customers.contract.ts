import type { Scope } from '@wattle/domain';
import { Changed, Missing, TokenUsed } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import {
  aCard,
  aCustomer,
  anEvent,
  at,
  type Engine,
  later,
  newScope,
  race,
  type StorePorts,
} from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const sealedCard = (ports: StorePorts, scope: Scope, when = now) =>
  ports.cardTokens.seal(scope, aCard(when), '4200000000000000');

const makeCustomer = async (ports: StorePorts, scope: Scope, when = now) => {
  const sealed = await sealedCard(ports, scope, when);
  const customer = aCustomer(sealed.card, when);
  await ports.customers.create(
    scope,
    customer,
    { from: 'new', sealed },
    anEvent('customer.created', when),
    when,
  );
  return { customer, sealed };
};

/** CustomersStore: customers, their cards and the cards' owners, under versions. */
export const describeCustomers = (engine: Engine) => {
  describe('customers', () => {
    it('are made with their primary card, counted, listed newest first, with their event', async () => {
      const ports = engine();
      const scope = newScope();
      const first = await makeCustomer(ports, scope, now);
      const second = await makeCustomer(ports, scope, later(now, 1000));
      expect(await ports.customers.get(scope, first.customer.token)).toEqual({
        customer: first.customer,
        version: 1,
      });
      expect(await ports.customers.list(scope, 1)).toEqual({
        items: [second.customer, first.customer],
        total: 2,
      });
      expect(await ports.customers.listCards(scope, first.customer.token, 1)).toEqual({
        items: [first.sealed.card],
        total: 1,
      });
      expect(await ports.customers.getCard(scope, first.customer.token, first.sealed.card.token)).toEqual(
        first.sealed,
      );
      expect(await ports.customers.findCardOwner(scope, first.sealed.card.token)).toBe(first.customer.token);
      const events = await ports.events.list(scope, 1);
      expect(events.total).toBe(2);
      expect(events.items.map((event) => event.type)).toEqual(['customer.created', 'customer.created']);
      expect(await ports.customers.get(newScope(), first.customer.token)).toBeNull();
    });

    it('list 25 to a page, newest first, with the total on every page', async () => {
      const ports = engine();
      const scope = newScope();
      const made = [];
      for (let i = 0; i < 27; i++)
        made.push((await makeCustomer(ports, scope, later(now, i * 1000))).customer);
      const newest = made.reverse();
      expect(await ports.customers.list(scope, 1)).toEqual({ items: newest.slice(0, 25), total: 27 });
      expect(await ports.customers.list(scope, 2)).toEqual({ items: newest.slice(25), total: 27 });
      expect(await ports.customers.list(scope, 3)).toEqual({ items: [], total: 27 });
    });

    it('take one of two changes read at one version; the other is Changed', async () => {
      const ports = engine();
      const scope = newScope();
      const { customer } = await makeCustomer(ports, scope);
      const change = (notes: string) =>
        ports.customers.update(
          scope,
          {
            customer: { ...customer, notes },
            expectedVersion: 1,
            intake: null,
            removedCardToken: null,
            event: anEvent('customer.updated', now),
          },
          now,
        );
      const { won, refusals } = await race(change('a'), change('b'));
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('customer', customer.token)]);
      const loaded = await ports.customers.get(scope, customer.token);
      expect(loaded?.version).toBe(2);
      expect(['a', 'b']).toContain(loaded?.customer.notes);
    });

    it('change their primary card: the new one taken in, the old one removed with its owner', async () => {
      const ports = engine();
      const scope = newScope();
      const { customer, sealed } = await makeCustomer(ports, scope);
      const next = await sealedCard(ports, scope);
      await ports.customers.update(
        scope,
        {
          customer: { ...customer, primaryCard: next.card },
          expectedVersion: 1,
          intake: { from: 'new', sealed: next },
          removedCardToken: sealed.card.token,
          event: anEvent('customer.updated', now),
        },
        now,
      );
      expect(await ports.customers.listCards(scope, customer.token, 1)).toEqual({
        items: [next.card],
        total: 1,
      });
      expect(await ports.customers.findCardOwner(scope, sealed.card.token)).toBeNull();
      expect(await ports.customers.findCardOwner(scope, next.card.token)).toBe(customer.token);
    });

    it('refuse: Missing for a customer or card not there, Changed for removing the primary card', async () => {
      const ports = engine();
      const scope = newScope();
      const { customer } = await makeCustomer(ports, scope);
      const added = await sealedCard(ports, scope);
      await ports.customers.addCard(scope, customer.token, { from: 'new', sealed: added }, now);
      expect((await ports.customers.get(scope, customer.token))?.version).toBe(2);
      expect((await ports.customers.listCards(scope, customer.token, 1)).total).toBe(2);
      await expect(
        ports.customers.removeCard(scope, customer.token, customer.primaryCard.token),
      ).rejects.toEqual(new Changed('customer', customer.token));
      await ports.customers.removeCard(scope, customer.token, added.card.token);
      expect((await ports.customers.listCards(scope, customer.token, 1)).total).toBe(1);
      await expect(ports.customers.removeCard(scope, customer.token, added.card.token)).rejects.toEqual(
        new Missing('card', added.card.token),
      );
      const gone = 'cus_notthere';
      await expect(ports.customers.removeCard(scope, gone, added.card.token)).rejects.toEqual(
        new Missing('customer', gone),
      );
      const another = await sealedCard(ports, scope);
      await expect(
        ports.customers.addCard(scope, gone, { from: 'new', sealed: another }, now),
      ).rejects.toEqual(new Missing('customer', gone));
    });

    it('take a card token once: a change with a used one is TokenUsed and changes nothing', async () => {
      const ports = engine();
      const scope = newScope();
      const { customer } = await makeCustomer(ports, scope);
      const sealed = await sealedCard(ports, scope);
      await ports.cardTokens.put(scope, sealed, later(now, 3600_000));
      await ports.customers.addCard(scope, customer.token, { from: 'token', sealed }, now);
      const change = {
        customer: { ...customer, notes: 'x' },
        expectedVersion: 2,
        intake: { from: 'token' as const, sealed },
        removedCardToken: null,
        event: anEvent('customer.updated', now),
      };
      await expect(ports.customers.update(scope, change, now)).rejects.toEqual(
        new TokenUsed(sealed.card.token),
      );
      expect(await ports.customers.get(scope, customer.token)).toEqual({ customer, version: 2 });
      const gone = { ...change, customer: { ...customer, token: 'cus_gone' }, intake: null };
      await expect(ports.customers.update(scope, gone, now)).rejects.toEqual(
        new Missing('customer', 'cus_gone'),
      );
    });

    it('are deleted with every card, once: a stale delete is Changed, one of a gone customer Missing', async () => {
      const ports = engine();
      const scope = newScope();
      const { customer, sealed } = await makeCustomer(ports, scope);
      const added = await sealedCard(ports, scope);
      await ports.customers.addCard(scope, customer.token, { from: 'new', sealed: added }, now);
      const stale = { customer, version: 1 };
      await expect(
        ports.customers.delete(scope, stale, anEvent('customer.deleted', now), now),
      ).rejects.toEqual(new Changed('customer', customer.token));
      const loaded = (await ports.customers.get(scope, customer.token))!;
      const at = later(now, 1000);
      const remove = () => ports.customers.delete(scope, loaded, anEvent('customer.deleted', at), at);
      const { won, refusals } = await race(remove(), remove());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Missing('customer', customer.token)]);
      expect(await ports.customers.get(scope, customer.token)).toBeNull();
      expect(await ports.customers.list(scope, 1)).toEqual({ items: [], total: 0 });
      expect(await ports.customers.listCards(scope, customer.token, 1)).toEqual({ items: [], total: 0 });
      for (const card of [sealed.card, added.card])
        expect(await ports.customers.findCardOwner(scope, card.token)).toBeNull();
      expect((await ports.events.list(scope, 1)).items[0]?.type).toBe('customer.deleted');
    });
  });
};
