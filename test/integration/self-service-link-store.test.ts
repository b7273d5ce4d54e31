import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SelfServiceLink } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { useTable } from '../helpers/table.ts';

const table = useTable();

describe('a subscription self-service link in the table', () => {
  it('is found by its token, kept under the hash only, and expires by TTL at its own expiry', async () => {
    const link: SelfServiceLink = {
      token: 'ssl_plaintextlinktoken0000000000000000000000000',
      scope: { accountId: 'acct_links', environment: 'test' },
      subscriptionToken: 'sub_links',
      expiresAt: '2026-12-01T10:00:00.000Z',
    };
    await table.store.subscriptions.saveSelfServiceLink(link);
    expect(await table.store.subscriptions.selfServiceLink(link.token)).toEqual(link);
    expect(await table.store.subscriptions.selfServiceLink('ssl_another')).toBeNull();

    const items = (await table.doc.send(new ScanCommand({ TableName: table.tableName }))).Items ?? [];
    const stored = items.filter((item) => item._et === 'self-service-link');
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(stored[0]?.expiresAt).toBe(Date.parse(link.expiresAt) / 1000);
  });
});
