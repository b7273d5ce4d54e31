import type { ApiKeyGrant } from '@wattle/domain';
import type { AuthMode, Route } from '@wattle/routes';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../packages/http/src/api-request.ts';
import { authenticate } from '../../../packages/http/src/middlewares/authenticate.ts';
import { apiEvent, run, withRequest } from './harness.ts';

const grants: Record<string, ApiKeyGrant> = {
  sk_test_a: { accountId: 'acc_a', kind: 'secret', environment: 'test' },
  sk_live_a: { accountId: 'acc_a', kind: 'secret', environment: 'live' },
  pk_test_a: { accountId: 'acc_a', kind: 'publishable', environment: 'test' },
  pt_p: { accountId: 'acc_p', kind: 'partner', environment: null },
  sk_test_suspended: { accountId: 'acc_s', kind: 'secret', environment: 'test', suspended: true },
};

/** The accounts repository's grantFor, over a fixed set of keys, counting its look-ups. */
const fakeAccounts = () => {
  const lookups: string[] = [];
  return {
    lookups,
    grantFor: async (apiKey: string): Promise<ApiKeyGrant | null> => {
      lookups.push(apiKey);
      return grants[apiKey] ?? null;
    },
  };
};

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** Authenticates a request for a route of `auth` on the test stage; answers what the handler saw. */
const attempt = async (
  accounts: ReturnType<typeof fakeAccounts>,
  auth: AuthMode,
  options: { key?: string; body?: Record<string, unknown> } = {},
) => {
  const api = {
    route: { method: 'POST', path: '/1/cards', fn: 'cards', auth } as Route,
    environment: 'test',
    body: { ...options.body },
    scope: null,
    grant: null,
  } as Partial<ApiRequest>;
  const event = apiEvent({
    method: 'POST',
    headers: options.key ? { authorization: basic(options.key) } : {},
  });
  await run([withRequest(api), authenticate(accounts)], async () => ({ statusCode: 200 }), event);
  return api;
};

describe('authenticate', () => {
  it("takes the environment's secret key by basic auth and scopes the request to its merchant", async () => {
    const api = await attempt(fakeAccounts(), 'secret', { key: 'sk_test_a' });
    expect(api.scope).toEqual({ accountId: 'acc_a', environment: 'test' });
    expect(api.grant?.kind).toBe('secret');
  });

  it("refuses a missing key, an unknown one, the other environment's, a suspended one and a publishable one", async () => {
    for (const key of [undefined, 'sk_test_nope', 'sk_live_a', 'sk_test_suspended', 'pk_test_a']) {
      await expect(attempt(fakeAccounts(), 'secret', { key }), String(key)).rejects.toMatchObject({
        code: 'unauthenticated',
        status: 401,
      });
    }
  });

  it('takes publishable_api_key on the card endpoints, and drops it from the fields', async () => {
    const api = await attempt(fakeAccounts(), 'secret-or-publishable', {
      body: { publishable_api_key: 'pk_test_a', number: '4200000000000000' },
    });
    expect(api.grant?.kind).toBe('publishable');
    expect(Object.keys(api.body ?? {})).toEqual(['number']);
  });

  it('takes only the partner key on partner routes, without a merchant scope', async () => {
    const api = await attempt(fakeAccounts(), 'partner', { key: 'pt_p' });
    expect(api.grant?.kind).toBe('partner');
    expect(api.scope).toBeNull();
    await expect(attempt(fakeAccounts(), 'partner', { key: 'sk_test_a' })).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('takes the partner key on the events, scoped to the partner’s own account', async () => {
    const asPartner = await attempt(fakeAccounts(), 'secret-or-partner', { key: 'pt_p' });
    expect(asPartner.scope).toEqual({ accountId: 'acc_p', environment: 'test' });
    const asMerchant = await attempt(fakeAccounts(), 'secret-or-partner', { key: 'sk_test_a' });
    expect(asMerchant.scope).toEqual({ accountId: 'acc_a', environment: 'test' });
    // Only there: a secret route still refuses the partner key.
    await expect(attempt(fakeAccounts(), 'secret', { key: 'pt_p' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('asks for no key on open routes', async () => {
    const accounts = fakeAccounts();
    const api = await attempt(accounts, 'none');
    expect(api.grant).toBeNull();
    expect(accounts.lookups).toEqual([]);
  });

  it('looks a known key up once a minute, but an unknown key every time', async () => {
    const accounts = fakeAccounts();
    const middleware = authenticate(accounts);
    const send = (key: string) =>
      run(
        [withRequest({ route: { auth: 'secret' } as Route, environment: 'test', body: {} }), middleware],
        async () => ({ statusCode: 200 }),
        apiEvent({ headers: { authorization: basic(key) } }),
      ).catch(() => undefined);
    await send('sk_test_a');
    await send('sk_test_a');
    await send('sk_test_new');
    await send('sk_test_new');
    expect(accounts.lookups).toEqual(['sk_test_a', 'sk_test_new', 'sk_test_new']);
  });
});
