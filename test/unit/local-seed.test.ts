import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureSeed, reprovisionSeed } from '../../packages/local/src/seed.ts';
import { memoryStore } from '../helpers/memory-store.ts';

const fixed = {
  test: { secretKey: 'sk_test_fixed_000000000000000' },
  partnerKey: 'pt_fixed_000000000000000',
};

describe('the seeded merchant and partner with fixed keys', () => {
  it('take the keys given, and make the others', async () => {
    const accounts = memoryStore().accounts;
    const { seed } = await ensureSeed({ accounts }, null, fixed);
    expect(seed.merchant.keys.test.secretKey).toBe(fixed.test.secretKey);
    expect(seed.partner.partnerKey).toBe(fixed.partnerKey);
    expect(seed.merchant.keys.live.secretKey).toMatch(/^sk_live_/);
    expect(await accounts.grantFor(fixed.test.secretKey)).toMatchObject({
      accountId: seed.merchant.accountId,
      kind: 'secret',
      environment: 'test',
    });
  });

  it('keep a saved seed while the keys given agree with it, and make a new one when they change', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wattle-seed-')), 'seed.json');
    const accounts = memoryStore().accounts;
    const first = await ensureSeed({ accounts }, file, fixed);
    expect(first.created).toBe(true);
    expect(await ensureSeed({ accounts }, file, fixed)).toEqual({ seed: first.seed, created: false });
    expect(await ensureSeed({ accounts }, file, {})).toEqual({ seed: first.seed, created: false });
    const other = { test: { secretKey: 'sk_test_other_000000000000000' } };
    const changed = await ensureSeed({ accounts }, file, other);
    expect(changed.created).toBe(true);
    expect(changed.seed.merchant.keys.test.secretKey).toBe(other.test.secretKey);
    expect(changed.seed.merchant.accountId).not.toBe(first.seed.merchant.accountId);
    // Back to the first keys: an account of this data already holds them.
    await expect(ensureSeed({ accounts }, file, fixed)).rejects.toThrow(
      /The fixed key pt_fixed_000… already opens an account that an earlier run made/,
    );
  });

  it('come back after a reset with the same ids and keys', async () => {
    const { seed } = await ensureSeed({ accounts: memoryStore().accounts }, null, fixed);
    const emptied = memoryStore().accounts;
    expect(await reprovisionSeed({ accounts: emptied }, seed)).toEqual(seed);
    expect(await emptied.grantFor(seed.merchant.keys.live.publishableKey)).toMatchObject({
      accountId: seed.merchant.accountId,
      kind: 'publishable',
      environment: 'live',
    });
    expect((await emptied.get(seed.partner.accountId))?.kind).toBe('partner');
  });
});
