import type { ApplePayDomain, Scope } from '@wattle/domain';
import { Missing, NameTaken } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();

let n = 0;
const domainOf = (domainName: string): ApplePayDomain => ({
  token: `apmd_${String(++n).padStart(22, '0')}`,
  domainName,
  registered: true,
  createdAt: '2026-11-24T10:00:00Z',
});
const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));

describe('Apple Pay domains in the table', () => {
  it('list newest first with the count, found by name, per merchant and environment', async () => {
    const scope: Scope = { accountId: 'acct_apmd_list', environment: 'test' };
    const a = domainOf('a.example.com');
    const b = domainOf('b.example.com');
    await table.store.applePayDomains.create(scope, a, at(1));
    await table.store.applePayDomains.create(scope, b, at(2));
    expect(await table.store.applePayDomains.list(scope, 1)).toEqual({ items: [b, a], total: 2 });
    expect(await table.store.applePayDomains.findByName(scope, 'a.example.com')).toEqual(a);
    expect(
      await table.store.applePayDomains.findByName({ ...scope, environment: 'live' }, 'a.example.com'),
    ).toBeNull();
    expect(await table.store.applePayDomains.list({ ...scope, accountId: 'acct_other' }, 1)).toEqual({
      items: [],
      total: 0,
    });
  });

  it('hold each name once per merchant, even when two registrations race', async () => {
    const scope: Scope = { accountId: 'acct_apmd_race', environment: 'test' };
    const results = await Promise.allSettled([
      table.store.applePayDomains.create(scope, domainOf('shop.example.com'), at(1)),
      table.store.applePayDomains.create(scope, domainOf('shop.example.com'), at(1)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(NameTaken) });
    expect((await table.store.applePayDomains.list(scope, 1)).total).toBe(1);
  });

  it('free the name and the count on deletion; a second deletion is Missing', async () => {
    const scope: Scope = { accountId: 'acct_apmd_delete', environment: 'test' };
    const domain = domainOf('shop.example.com');
    await table.store.applePayDomains.create(scope, domain, at(1));
    await expect(
      table.store.applePayDomains.delete({ ...scope, accountId: 'acct_other' }, domain.token),
    ).rejects.toBeInstanceOf(Missing);
    await table.store.applePayDomains.delete(scope, domain.token);
    await expect(table.store.applePayDomains.delete(scope, domain.token)).rejects.toBeInstanceOf(Missing);
    expect(await table.store.applePayDomains.findByName(scope, 'shop.example.com')).toBeNull();
    expect(await table.store.applePayDomains.list(scope, 1)).toEqual({ items: [], total: 0 });
    await table.store.applePayDomains.create(scope, domainOf('shop.example.com'), at(2));
  });
});
