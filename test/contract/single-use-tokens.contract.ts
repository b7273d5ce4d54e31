import type { PaymentSourceRecord } from '@wattle/domain';
import { TokenUsed } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import {
  aBankAccount,
  aCard,
  aCustomer,
  anEvent,
  aRecipient,
  at,
  type Engine,
  ids,
  later,
  newScope,
  race,
} from './subject.ts';

const now = at('2026-11-21T05:00:00Z');
const month = 30 * 24 * 3600_000;

/** Card tokens, bank account tokens and payment sources: single use, expiring, bound to their merchant. */
export const describeSingleUseTokens = (engine: Engine) => {
  describe('card tokens', () => {
    it('seal the number bound to the merchant and the card, and open it for the processor', async () => {
      const { cardTokens } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000');
      expect(sealed.sealedNumber).not.toContain('4200000000000000');
      expect(await cardTokens.open(scope, sealed)).toEqual({ card: sealed.card, number: '4200000000000000' });
      await expect(cardTokens.open(newScope(), sealed)).rejects.toThrow();
    });

    it('seal a CVC given apart from the number, kept with the unused token, opening with it for its charge', async () => {
      const { cardTokens } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000', '123');
      expect(sealed.sealedCvc).toEqual(expect.any(String));
      expect(sealed.sealedCvc).not.toContain('123');
      expect(sealed.sealedCvc).not.toBe(sealed.sealedNumber);
      await cardTokens.put(scope, sealed, later(now, month));
      const found = await cardTokens.findUnused(scope, sealed.card.token, now);
      expect(found).toEqual(sealed);
      expect(await cardTokens.open(scope, found!)).toEqual({
        card: sealed.card,
        number: '4200000000000000',
        cvc: '123',
      });
      // Bound to its own context: a sealed CVC does not open as a number, nor for another merchant.
      await expect(
        cardTokens.open(scope, { card: sealed.card, sealedNumber: sealed.sealedCvc! }),
      ).rejects.toThrow();
      await expect(cardTokens.open(newScope(), sealed)).rejects.toThrow();
    });

    it('never leave their CVC with the customer made from them: its card opens without one', async () => {
      const { cardTokens, customers } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000', '123');
      await cardTokens.put(scope, sealed, later(now, month));
      const customer = aCustomer(sealed.card, now);
      await customers.create(
        scope,
        customer,
        { from: 'token', sealed },
        anEvent('customer.created', now),
        now,
      );
      expect(await cardTokens.findUnused(scope, sealed.card.token, now)).toBeNull();
      const kept = await customers.getCard(scope, customer.token, sealed.card.token);
      expect(kept).toEqual({ card: sealed.card, sealedNumber: sealed.sealedNumber });
      expect(await cardTokens.open(scope, kept!)).toEqual({ card: sealed.card, number: '4200000000000000' });
    });

    it('are found unused until they expire, by their merchant only', async () => {
      const { cardTokens } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000');
      await cardTokens.put(scope, sealed, later(now, month));
      expect(await cardTokens.findUnused(scope, sealed.card.token, now)).toEqual(sealed);
      expect(await cardTokens.findUnused(scope, sealed.card.token, later(now, month - 1000))).toEqual(sealed);
      expect(await cardTokens.findUnused(scope, sealed.card.token, later(now, month))).toBeNull();
      expect(await cardTokens.findUnused(newScope(), sealed.card.token, now)).toBeNull();
      expect(
        await cardTokens.findUnused({ ...scope, environment: 'live' }, sealed.card.token, now),
      ).toBeNull();
    });

    it('are used once: of two customers racing for one token, one is made, the other TokenUsed', async () => {
      const { cardTokens, customers } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000');
      await cardTokens.put(scope, sealed, later(now, month));
      const make = () => {
        const customer = aCustomer(sealed.card, now);
        return customers.create(
          scope,
          customer,
          { from: 'token', sealed },
          anEvent('customer.created', now),
          now,
        );
      };
      const { won, refusals } = await race(make(), make());
      expect(won).toBe(1);
      expect(refusals).toEqual([new TokenUsed(sealed.card.token)]);
      expect(await cardTokens.findUnused(scope, sealed.card.token, now)).toBeNull();
      expect((await customers.list(scope, 1)).total).toBe(1);
    });

    it('leave a mark once used, in the write that uses them, until their month ends: wasUsed, for their merchant only', async () => {
      const { cardTokens, customers } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000', '123');
      await cardTokens.put(scope, sealed, later(now, month));
      expect(await cardTokens.wasUsed(scope, sealed.card.token, now)).toBe(false);
      await customers.create(
        scope,
        aCustomer(sealed.card, now),
        { from: 'token', sealed },
        anEvent('customer.created', now),
        now,
      );
      expect(await cardTokens.wasUsed(scope, sealed.card.token, now)).toBe(true);
      expect(await cardTokens.findUnused(scope, sealed.card.token, now)).toBeNull();
      expect(await cardTokens.wasUsed(newScope(), sealed.card.token, now)).toBe(false);
      expect(await cardTokens.wasUsed(scope, sealed.card.token, later(now, month))).toBe(false);
      expect(await cardTokens.wasUsed(scope, ids.token('card'), now)).toBe(false);
      // The mark keeps nothing of the card: a second use is TokenUsed.
      const again = customers.create(
        scope,
        aCustomer(sealed.card, now),
        { from: 'token', sealed },
        anEvent('customer.created', now),
        now,
      );
      await expect(again).rejects.toEqual(new TokenUsed(sealed.card.token));
    });

    it('cannot be used once expired (TokenUsed), and nothing of the change is made', async () => {
      const { cardTokens, customers, events } = engine();
      const scope = newScope();
      const sealed = await cardTokens.seal(scope, aCard(now), '4200000000000000');
      await cardTokens.put(scope, sealed, later(now, month));
      const customer = aCustomer(sealed.card, now);
      const late = later(now, month);
      const made = customers.create(
        scope,
        customer,
        { from: 'token', sealed },
        anEvent('customer.created', late),
        late,
      );
      await expect(made).rejects.toEqual(new TokenUsed(sealed.card.token));
      expect(await customers.get(scope, customer.token)).toBeNull();
      expect(await events.list(scope, 1)).toEqual({ items: [], total: 0 });
    });
  });

  describe('payment sources', () => {
    it("are found unused, with a card source's sealed CVC, until used up by a customer that takes their card but no CVC", async () => {
      const { cardTokens, paymentSources, customers } = engine();
      const scope = newScope();
      const card = aCard(now);
      const sealed = await cardTokens.seal(scope, card, '4200000000000000', '123');
      const token = ids.token('ps');
      const source: PaymentSourceRecord = { token, type: 'card', card, createdAt: card.createdAt };
      const sealedSource = { source, sealedNumber: sealed.sealedNumber, sealedCvc: sealed.sealedCvc };
      await paymentSources.put(scope, sealedSource, later(now, month));
      expect(await paymentSources.findUnused(scope, token, now)).toEqual(sealedSource);
      expect(await paymentSources.findUnused(scope, token, later(now, month))).toBeNull();
      const intake = { from: 'payment_source' as const, sealed, paymentSourceToken: token };
      const customer = aCustomer(card, now);
      await customers.create(scope, customer, intake, anEvent('customer.created', now), now);
      expect(await paymentSources.findUnused(scope, token, now)).toBeNull();
      expect(await customers.getCard(scope, customer.token, card.token)).toEqual({
        card,
        sealedNumber: sealed.sealedNumber,
      });
      const again = customers.create(
        scope,
        aCustomer(aCard(now), now),
        intake,
        anEvent('customer.created', now),
        now,
      );
      await expect(again).rejects.toEqual(new TokenUsed(token));
    });
  });

  describe('bank account tokens', () => {
    it('are used once by a recipient; a second recipient of the token is TokenUsed', async () => {
      const { bankAccountTokens, recipients } = engine();
      const scope = newScope();
      const sealed = await bankAccountTokens.seal(scope, aBankAccount(now), '987654321');
      expect(sealed.sealedNumber).not.toContain('987654321');
      await bankAccountTokens.put(scope, sealed, later(now, month));
      expect(await bankAccountTokens.findUnused(scope, sealed.bankAccount.token, now)).toEqual(sealed);
      const make = () =>
        recipients.create(
          scope,
          aRecipient(sealed.bankAccount, now),
          { from: 'token', sealed },
          anEvent('recipient.created', now),
          now,
        );
      const { won, refusals } = await race(make(), make());
      expect(won).toBe(1);
      expect(refusals).toEqual([new TokenUsed(sealed.bankAccount.token)]);
      expect(await bankAccountTokens.findUnused(scope, sealed.bankAccount.token, now)).toBeNull();
    });
  });
};
