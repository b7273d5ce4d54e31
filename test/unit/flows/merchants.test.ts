import type { MerchantApplication } from '@wattle/domain';
import {
  activateMerchant,
  getMerchantDetail,
  listMerchants,
  referMerchant,
  reviewMerchant,
} from '@wattle/flows';
import { Changed, type MerchantsStore } from '@wattle/ports';
import { describe, expect, it } from 'vitest';
import { fakeCipher, fakePasswordHasher } from '../../fakes/cipher.ts';
import { fixedClock, sequentialIds, sequentialSecrets } from '../../fakes/system.ts';
import { memoryStore, overriding } from '../../helpers/memory-store.ts';

const application: MerchantApplication = {
  contact: { firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '0400000000', email: 'ada@example.com' },
  entity: {
    businessRegistrationNumber: '12345678901',
    fullLegalName: 'Analytical Pty Ltd',
    incorporationStatus: 'pty_ltd',
    registeredForGst: true,
    addressLine1: '1 Engine St',
    addressLine2: '',
    addressLocality: 'Sydney',
    addressRegion: 'NSW',
    addressPostalCode: '2000',
    addressCountryCode: 'AU',
  },
  business: {
    tradingName: 'Analytical Engines',
    description: 'Engines',
    typicalProductPrice: '100',
    transactionsPerMonth: '100',
    annualTransactionVolume: '20000',
    sellsPhysicalGoods: true,
    averageDeliveryDays: '7',
    url: 'https://example.com',
  },
  bankAccount: { name: 'Analytical', bsb: '062000', number: '987650123' },
  director: { fullName: 'Ada Lovelace', contactNumber: '0400000000', dateOfBirth: '1815-12-10' },
  notes: '',
};

const setUp = () => {
  const { accounts, merchants, events } = memoryStore();
  return {
    accounts,
    merchants,
    events,
    cipher: fakeCipher(),
    passwordHasher: fakePasswordHasher(),
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    secrets: sequentialSecrets(),
  };
};

/** The events the merchant's writes recorded, oldest first (its live events). */
const recorded = async (deps: ReturnType<typeof setUp>, merchant: { accountId: string }) =>
  (await deps.events.list({ accountId: merchant.accountId, environment: 'live' }, 1)).items.reverse();

describe('a referred merchant', () => {
  it('is pending, its keys and bank account number sealed through the cipher, its password hashed', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'correct horse');
    expect(merchant).toMatchObject({ partnerId: 'acct_partner', status: 'pending_approval' });
    expect(merchant.application.bankAccount.number).toBe('XXXXXX123');

    const stored = (await deps.merchants.get(merchant.token))!;
    expect(deps.cipher.sealed.map((s) => s.context)).toEqual([
      `merchant-keys#${merchant.token}`,
      `merchant-bank-account#${merchant.token}`,
    ]);
    expect(deps.cipher.sealed[1]!.plain).toBe('987650123');
    expect(JSON.stringify(stored)).not.toContain('987650123');
    expect(stored.passwordHash).toBe(await deps.passwordHasher.hash('correct horse'));
    expect(JSON.stringify(stored)).not.toContain('correct horse');

    const keys = JSON.parse(deps.cipher.sealed[0]!.plain);
    expect(JSON.stringify(stored)).not.toContain(keys.test.secretKey);
    expect(keys.test.secretKey).toMatch(/^sk_test_/);
    expect(keys.live.publishableKey).toMatch(/^pk_live_/);
    expect(await deps.accounts.grantFor(keys.test.secretKey)).toEqual({
      accountId: merchant.accountId,
      kind: 'secret',
      environment: 'test',
    });
    expect(await deps.accounts.grantFor(keys.live.secretKey)).toMatchObject({ suspended: true });
    expect(await deps.accounts.get(merchant.accountId)).toMatchObject({
      status: 'pending_approval',
      referredBy: 'acct_partner',
      payoutBankAccount: { number: 'XXXXXX123' },
    });
    expect((await recorded(deps, merchant)).map((e) => e.type)).toEqual([
      'sub_merchant_application.submitted',
    ]);
  });

  it('shows its keys, opened, to its partner only', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'correct horse');
    const sealedKeys = JSON.parse(deps.cipher.sealed[0]!.plain);
    expect(await getMerchantDetail(deps, 'acct_partner', merchant.token)).toEqual({
      merchant,
      keys: sealedKeys,
    });
    await expect(getMerchantDetail(deps, 'acct_other', merchant.token)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await listMerchants(deps, 'acct_other', 1)).total).toBe(0);
    expect((await listMerchants(deps, 'acct_partner', 1)).items).toEqual([merchant]);
  });
});

describe('activating a merchant', () => {
  it('makes it and its account active and its live keys work, with one event', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'correct horse');
    deps.clock.advance(60_000);
    const active = await activateMerchant(deps, merchant.token);
    expect(active).toMatchObject({ status: 'active', updatedAt: '2026-11-24T10:01:00Z' });
    const keys = JSON.parse(deps.cipher.sealed[0]!.plain);
    expect(await deps.accounts.grantFor(keys.live.secretKey)).not.toHaveProperty('suspended');
    expect((await deps.accounts.get(merchant.accountId))?.status).toBe('active');
    expect((await recorded(deps, merchant)).map((e) => e.type)).toEqual([
      'sub_merchant_application.submitted',
      'sub_merchant_application.activated',
    ]);
  });

  it('is idempotent: an active merchant is answered as it is, with no second event', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'correct horse');
    const first = await activateMerchant(deps, merchant.token);
    deps.clock.advance(60_000);
    expect(await activateMerchant(deps, merchant.token)).toEqual(first);
    expect(await recorded(deps, merchant)).toHaveLength(2);
  });

  it('answers the merchant another activation approved between the read and the write', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'correct horse');
    const racing: MerchantsStore = overriding(deps.merchants, {
      activate: async (stored, active, event, now) => {
        // The other activation lands first; this one's write then finds it not pending.
        await deps.merchants.activate(stored, { ...active, updatedAt: 'earlier' }, event, now);
        return deps.merchants.activate(stored, active, event, now);
      },
    });
    const answered = await activateMerchant({ ...deps, merchants: racing }, merchant.token);
    expect(answered).toMatchObject({ status: 'active', updatedAt: 'earlier' });
    await expect(
      deps.merchants.activate(
        (await deps.merchants.get(merchant.token))!,
        answered,
        (await recorded(deps, merchant))[0]!,
        deps.clock.now(),
      ),
    ).rejects.toBeInstanceOf(Changed);
  });

  it('is not_found for a merchant that does not exist', async () => {
    await expect(activateMerchant(setUp(), 'mrch_none')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the simulated review’s test inputs', () => {
  const tagged = (email: string): MerchantApplication => ({
    ...application,
    contact: { ...application.contact, email },
  });

  it('declines an application whose contact email is tagged +declined, after its submission', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', tagged('ada+declined@example.com'), 'pw');
    expect(merchant.status).toBe('declined');
    expect((await deps.merchants.get(merchant.token))?.merchant.status).toBe('declined');
    expect((await deps.accounts.get(merchant.accountId))?.status).toBe('declined');
    const keys = JSON.parse(deps.cipher.sealed[0]!.plain);
    expect(await deps.accounts.grantFor(keys.live.secretKey)).toMatchObject({ suspended: true });
    expect((await recorded(deps, merchant)).map((e) => [e.type, e.data.status])).toEqual([
      ['sub_merchant_application.submitted', 'pending_approval'],
      ['sub_merchant_application.declined', 'declined'],
    ]);
    await expect(activateMerchant(deps, merchant.token)).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('puts one tagged +on_hold on hold; an approval can still activate it', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', tagged('ada+on_hold@example.com'), 'pw');
    expect(merchant.status).toBe('on_hold');
    expect((await deps.accounts.get(merchant.accountId))?.status).toBe('on_hold');
    deps.clock.advance(1000);
    expect((await activateMerchant(deps, merchant.token)).status).toBe('active');
    expect((await recorded(deps, merchant)).map((e) => e.type)).toEqual([
      'sub_merchant_application.submitted',
      'sub_merchant_application.on_hold',
      'sub_merchant_application.activated',
    ]);
  });

  it('leaves any other email pending (a tag elsewhere in the address is no test input)', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', tagged('ada@declined.example'), 'pw');
    expect(merchant.status).toBe('pending_approval');
    expect(await recorded(deps, merchant)).toHaveLength(1);
  });
});

describe('declining a merchant or putting it on hold (the operator’s review)', () => {
  it('holds a pending merchant, then declines it, each with its event; its live keys stay suspended', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'pw');
    deps.clock.advance(60_000);
    const held = await reviewMerchant(deps, merchant.token, 'on_hold');
    expect(held).toMatchObject({ status: 'on_hold', updatedAt: '2026-11-24T10:01:00Z' });
    expect(await reviewMerchant(deps, merchant.token, 'on_hold')).toEqual(held);
    const declined = await reviewMerchant(deps, merchant.token, 'declined');
    expect(declined.status).toBe('declined');
    expect((await deps.accounts.get(merchant.accountId))?.status).toBe('declined');
    const keys = JSON.parse(deps.cipher.sealed[0]!.plain);
    expect(await deps.accounts.grantFor(keys.live.secretKey)).toMatchObject({ suspended: true });
    expect((await recorded(deps, merchant)).map((e) => [e.type, e.data.status])).toEqual([
      ['sub_merchant_application.submitted', 'pending_approval'],
      ['sub_merchant_application.on_hold', 'on_hold'],
      ['sub_merchant_application.declined', 'declined'],
    ]);
  });

  it('refuses to review an active or declined merchant again, and to hold a held one back to pending', async () => {
    const deps = setUp();
    const active = await referMerchant(deps, 'acct_partner', application, 'pw');
    await activateMerchant(deps, active.token);
    await expect(reviewMerchant(deps, active.token, 'declined')).rejects.toMatchObject({
      code: 'invalid_state',
      description: 'A merchant application that is active cannot be declined.',
    });
    const declined = await referMerchant(deps, 'acct_partner', application, 'pw');
    await reviewMerchant(deps, declined.token, 'declined');
    await expect(reviewMerchant(deps, declined.token, 'on_hold')).rejects.toMatchObject({
      code: 'invalid_state',
    });
    await expect(reviewMerchant(deps, 'mrch_none', 'declined')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('loses to an approval between its read and its write: invalid_state, nothing recorded', async () => {
    const deps = setUp();
    const merchant = await referMerchant(deps, 'acct_partner', application, 'pw');
    const racing: MerchantsStore = overriding(deps.merchants, {
      review: async (reviewed, event, now) => {
        await activateMerchant(deps, merchant.token);
        return deps.merchants.review(reviewed, event, now);
      },
    });
    await expect(
      reviewMerchant({ ...deps, merchants: racing }, merchant.token, 'declined'),
    ).rejects.toMatchObject({
      code: 'invalid_state',
    });
    expect((await deps.merchants.get(merchant.token))?.merchant.status).toBe('active');
    expect((await recorded(deps, merchant)).map((e) => e.type)).toEqual([
      'sub_merchant_application.submitted',
      'sub_merchant_application.activated',
    ]);
  });
});
