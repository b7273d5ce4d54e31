import type { Merchant } from '@wattle/domain';
import { Changed } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { anAccount, anEvent, at, type Engine, ids, race, type StorePorts, unique } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const keyOf = (accountId: string, environment: 'test' | 'live', suspended?: boolean) => ({
  apiKey: unique(`sk_${environment}`),
  grant: { accountId, kind: 'secret' as const, environment, ...(suspended ? { suspended } : {}) },
});

/** AccountsStore and MerchantsStore: accounts with their keys, and partner-referred merchants. */
export const describeAccounts = (engine: Engine) => {
  describe('accounts', () => {
    it('keep an account with its keys, found by the key in clear', async () => {
      const { accounts } = engine();
      const account = anAccount(now);
      const key = keyOf(account.id, 'test');
      await accounts.create(account, [key]);
      expect(await accounts.get(account.id)).toEqual(account);
      expect(await accounts.grantFor(key.apiKey)).toEqual(key.grant);
      expect(await accounts.grantFor(`${key.apiKey}x`)).toBeNull();
      expect(await accounts.get(ids.token('acct'))).toBeNull();
    });

    it("keep a merchant's processor routing on its account until it is removed", async () => {
      const { accounts } = engine();
      const account = anAccount(now);
      await accounts.create(account, []);
      const routing = {
        rules: [{ currencies: ['AUD'], minAmount: 100, accounts: ['adyen-au', 'adyen-nz'] }],
      };
      expect(await accounts.setProcessorRouting(account.id, routing)).toBe(true);
      expect(await accounts.get(account.id)).toEqual({ ...account, processorRouting: routing });
      expect(await accounts.setProcessorRouting(account.id, null)).toBe(true);
      expect(await accounts.get(account.id)).toEqual(account);
      expect(await accounts.setProcessorRouting(ids.token('acct'), routing)).toBe(false);
    });

    it('make one account of racing creations under one id, and none of its keys twice', async () => {
      const { accounts } = engine();
      const account = anAccount(now);
      const { won } = await race(
        accounts.create(account, [keyOf(account.id, 'test')]),
        accounts.create(account, [keyOf(account.id, 'live')]),
      );
      expect(won).toBe(1);
    });

    it("schedule a deposit-mode account's daily deposit in each environment", async () => {
      const { accounts, schedule } = engine();
      const account = anAccount(at('2020-01-01T00:00:00Z'), { transfersEnabled: false });
      await accounts.create(account, []);
      const due = (await schedule.due('daily-deposit', at('2020-01-03T00:00:00Z'))).filter(
        (job) => job.token === account.id,
      );
      expect(due.map((job) => job.scope.environment).sort()).toEqual(['live', 'test']);
    });
  });

  describe('referred merchants', () => {
    /** A referred merchant, made in the store with its account and keys. */
    const referral = async (ports: StorePorts, partnerId = ids.token('acct')) => {
      const account = anAccount(now, { status: 'pending_approval', referredBy: partnerId });
      const merchant = {
        token: ids.token('mrch'),
        accountId: account.id,
        partnerId,
        status: 'pending_approval',
        application: {},
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      } as unknown as Merchant;
      const live = keyOf(account.id, 'live', true);
      const event = anEvent('sub_merchant_application.submitted', now);
      const keys = [keyOf(account.id, 'test'), live];
      await ports.merchants.create(
        { merchant, sealedKeys: 's', passwordHash: 'h' },
        account,
        keys,
        event,
        now,
      );
      return { account, merchant, live, keys, event };
    };

    it('are made with their account, suspended live keys and an event for merchant and partner', async () => {
      const ports = engine();
      const { merchants, accounts, events } = ports;
      const partnerId = ids.token('acct');
      const { account, merchant, live, event } = await referral(ports, partnerId);
      const stored = await merchants.get(merchant.token);
      expect(stored).toMatchObject({ merchant, sealedKeys: 's', passwordHash: 'h' });
      expect(stored?.liveKeyHashes).toHaveLength(1);
      expect(await accounts.grantFor(live.apiKey)).toEqual(live.grant);
      expect(await merchants.listForPartner(partnerId, 1)).toEqual({ items: [merchant], total: 1 });
      for (const accountId of [account.id, partnerId])
        expect(await events.get({ accountId, environment: 'live' }, event.token)).toEqual(event);
    });

    it('are activated once: the live keys work, a second activation is Changed', async () => {
      const ports = engine();
      const { merchants, accounts } = ports;
      const { account, merchant, live } = await referral(ports);
      const stored = (await merchants.get(merchant.token))!;
      const active = { ...merchant, status: 'active' as const };
      const activate = () =>
        merchants.activate(stored, active, anEvent('sub_merchant_application.activated', now), now);
      const { won, refusals } = await race(activate(), activate());
      expect(won).toBe(1);
      expect(refusals).toEqual([new Changed('merchant', merchant.token)]);
      expect(await accounts.grantFor(live.apiKey)).toEqual({
        accountId: account.id,
        kind: 'secret',
        environment: 'live',
      });
      expect((await accounts.get(account.id))?.status).toBe('active');
      const review = merchants.review(
        { ...merchant, status: 'declined' },
        anEvent('sub_merchant_application.activated', now),
        now,
      );
      await expect(review).rejects.toEqual(new Changed('merchant', merchant.token));
    });

    it('are declined by a review with their account, the live keys left suspended', async () => {
      const ports = engine();
      const { merchants, accounts } = ports;
      const { account, merchant, live } = await referral(ports);
      await merchants.review(
        { ...merchant, status: 'on_hold' },
        anEvent('sub_merchant_application.activated', now),
        now,
      );
      await merchants.review(
        { ...merchant, status: 'declined' },
        anEvent('sub_merchant_application.activated', now),
        now,
      );
      expect((await merchants.get(merchant.token))?.merchant.status).toBe('declined');
      expect((await accounts.get(account.id))?.status).toBe('declined');
      expect((await accounts.grantFor(live.apiKey))?.suspended).toBe(true);
    });
  });
};
