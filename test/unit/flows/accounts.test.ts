import { provisionAccount } from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, sequentialSecrets } from '../../fakes/system.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const setUp = () => ({
  accounts: memoryStore().accounts,
  clock: fixedClock('2026-11-24T10:00:00Z'),
  ids: sequentialIds(),
  secrets: sequentialSecrets(),
});

describe('provisioning an account', () => {
  it('gives a merchant a secret and a publishable key per environment, all working at once', async () => {
    const deps = setUp();
    const made = await provisionAccount(deps, { kind: 'merchant', name: 'M', email: 'm@example.com' });
    expect(made.partnerKey).toBeNull();
    expect(made.account).toMatchObject({ kind: 'merchant', status: 'active', referredBy: null });
    const { test, live } = made.keys!;
    expect(
      [test.secretKey, test.publishableKey, live.secretKey, live.publishableKey].map((k) => k.slice(0, 8)),
    ).toEqual(['sk_test_', 'pk_test_', 'sk_live_', 'pk_live_']);
    expect(await deps.accounts.grantFor(live.secretKey)).toEqual({
      accountId: made.account.id,
      kind: 'secret',
      environment: 'live',
    });
    for (const key of [test.secretKey, test.publishableKey, live.publishableKey])
      expect(await deps.accounts.grantFor(key)).toMatchObject({ accountId: made.account.id });
  });

  it('gives a partner one partner key and no merchant keys', async () => {
    const deps = setUp();
    const made = await provisionAccount(deps, { kind: 'partner', name: 'P', email: 'p@example.com' });
    expect(made.keys).toBeNull();
    expect(made.partnerKey).toMatch(/^pt_/);
    expect(await deps.accounts.grantFor(made.partnerKey!)).toEqual({
      accountId: made.account.id,
      kind: 'partner',
      environment: null,
    });
  });

  it("keeps a merchant's payout bank account with its number masked", async () => {
    const deps = setUp();
    const made = await provisionAccount(deps, {
      kind: 'merchant',
      name: 'M',
      email: 'm@example.com',
      referredBy: 'acct_partner',
      payoutBankAccount: { name: 'M', bsb: '062000', number: '987650123' },
    });
    expect(made.account).toMatchObject({
      referredBy: 'acct_partner',
      payoutBankAccount: { number: 'XXXXXX123', createdAt: '2026-11-24T10:00:00Z' },
    });
  });
});
