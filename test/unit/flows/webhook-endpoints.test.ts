import type { Scope } from '@wattle/domain';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
} from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, sequentialSecrets } from '../../fakes/system.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const other: Scope = { accountId: 'acct_2', environment: 'test' };

const setUp = () => ({
  webhookEndpoints: memoryStore().webhookEndpoints,
  clock: fixedClock('2026-11-24T10:00:00Z'),
  ids: sequentialIds(),
  secrets: sequentialSecrets(),
});

describe('webhook endpoint flows', () => {
  it('creates an endpoint with a token, a signing key and the time of creation', async () => {
    const deps = setUp();
    const endpoint = await createWebhookEndpoint(deps, scope, 'https://example.com/hooks');
    expect(endpoint).toMatchObject({
      url: 'https://example.com/hooks',
      createdAt: '2026-11-24T10:00:00Z',
      updatedAt: '2026-11-24T10:00:00Z',
    });
    expect(endpoint.token).toMatch(/^whe_/);
    // 16 bytes of secret (22 characters once base64url-encoded, as Pin's keys: pin-shapes.test.ts).
    expect(endpoint.key).toHaveLength(16);
    expect(await getWebhookEndpoint(deps, scope, endpoint.token)).toEqual(endpoint);
  });

  it("answers limit_reached when the store refuses past the merchant's limit", async () => {
    const deps = setUp();
    for (let i = 0; i < 5; i++) await createWebhookEndpoint(deps, scope, `https://example.com/${i}`);
    await expect(createWebhookEndpoint(deps, scope, 'https://example.com/6')).rejects.toMatchObject({
      code: 'limit_reached',
    });
    expect((await listWebhookEndpoints(deps, scope, 1)).total).toBe(5);
  });

  it("never shows or deletes another merchant's endpoint", async () => {
    const deps = setUp();
    const endpoint = await createWebhookEndpoint(deps, scope, 'https://example.com/hooks');
    await expect(getWebhookEndpoint(deps, other, endpoint.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    await expect(deleteWebhookEndpoint(deps, other, endpoint.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    expect((await listWebhookEndpoints(deps, other, 1)).items).toEqual([]);
  });

  it('deletes an endpoint once; a second delete is resource_not_found', async () => {
    const deps = setUp();
    const endpoint = await createWebhookEndpoint(deps, scope, 'https://example.com/hooks');
    await deleteWebhookEndpoint(deps, scope, endpoint.token);
    await expect(getWebhookEndpoint(deps, scope, endpoint.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
    await expect(deleteWebhookEndpoint(deps, scope, endpoint.token)).rejects.toMatchObject({
      code: 'resource_not_found',
    });
  });
});
