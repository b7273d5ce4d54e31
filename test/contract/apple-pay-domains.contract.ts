import { Missing, NameTaken } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { at, type Engine, ids, later, newScope, race } from './subject.ts';

const now = at('2026-11-21T05:00:00Z');

const aDomain = (domainName: string) => ({
  token: ids.token('apmd'),
  domainName,
  registered: true,
  createdAt: now.toISOString(),
});

/** ApplePayDomainsStore: a merchant's domains, each name once. */
export const describeApplePayDomains = (engine: Engine) => {
  describe('Apple Pay domains', () => {
    it('are registered once per name, found by it, listed and counted', async () => {
      const { applePayDomains } = engine();
      const scope = newScope();
      const first = aDomain('shop.example.com');
      const { won, refusals } = await race(
        applePayDomains.create(scope, first, now),
        applePayDomains.create(scope, aDomain('shop.example.com'), now),
      );
      expect(won).toBe(1);
      expect(refusals).toEqual([new NameTaken('Apple Pay domain', 'shop.example.com')]);
      const found = (await applePayDomains.findByName(scope, 'shop.example.com'))!;
      const second = aDomain('pay.example.com');
      await applePayDomains.create(scope, second, later(now, 1));
      expect(await applePayDomains.list(scope, 1)).toEqual({ items: [second, found], total: 2 });
      expect(await applePayDomains.findByName(newScope(), 'shop.example.com')).toBeNull();
      expect(
        await applePayDomains.findByName({ ...scope, environment: 'live' }, 'shop.example.com'),
      ).toBeNull();
      expect(await applePayDomains.list({ ...scope, environment: 'live' }, 1)).toEqual({
        items: [],
        total: 0,
      });
    });

    it('are deleted once, freeing the name; a second deletion is Missing', async () => {
      const { applePayDomains } = engine();
      const scope = newScope();
      const domain = aDomain('gone.example.com');
      await applePayDomains.create(scope, domain, now);
      await expect(applePayDomains.delete(newScope(), domain.token)).rejects.toEqual(
        new Missing('Apple Pay domain', domain.token),
      );
      await applePayDomains.delete(scope, domain.token);
      await expect(applePayDomains.delete(scope, domain.token)).rejects.toEqual(
        new Missing('Apple Pay domain', domain.token),
      );
      expect(await applePayDomains.findByName(scope, 'gone.example.com')).toBeNull();
      expect(await applePayDomains.list(scope, 1)).toEqual({ items: [], total: 0 });
      await applePayDomains.create(scope, aDomain('gone.example.com'), now);
    });
  });
};
