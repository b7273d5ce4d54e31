import { provisionAccount } from '@wattle/flows';
import { randomIds, randomSecrets, runtimeClock } from '@wattle/runtime';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();
const accounts = {
  accounts: table.store.accounts,
  ids: randomIds,
  clock: runtimeClock,
  secrets: randomSecrets,
};

describe('the table with the real store', () => {
  it('finds the grant of a provisioned key, and none for a wrong key', async () => {
    const { account, keys } = await provisionAccount(accounts, {
      kind: 'merchant',
      name: 'Smoke Merchant',
      email: 'smoke@example.com',
    });
    expect(keys).not.toBeNull();
    expect(await table.store.accounts.grantFor(keys!.test.secretKey)).toEqual({
      accountId: account.id,
      kind: 'secret',
      environment: 'test',
    });
    expect(await table.store.accounts.grantFor(keys!.live.publishableKey)).toEqual({
      accountId: account.id,
      kind: 'publishable',
      environment: 'live',
    });
    expect(await table.store.accounts.grantFor(`${keys!.test.secretKey}x`)).toBeNull();
    expect(await table.store.accounts.get(account.id)).toEqual(account);
  });

  it('provisions a partner with a partner key', async () => {
    const { account, partnerKey } = await provisionAccount(accounts, {
      kind: 'partner',
      name: 'Smoke Partner',
      email: 'partner@example.com',
    });
    expect(await table.store.accounts.grantFor(partnerKey!)).toEqual({
      accountId: account.id,
      kind: 'partner',
      environment: null,
    });
  });
});
