import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { useTable } from '../helpers/table.ts';
import { type CallResult, type InProcessApi, inProcessApi } from '../reliability/harness/in-process-api.ts';

const table = useTable();
let api: InProcessApi;

beforeAll(async () => {
  api = await inProcessApi(table, inject('ddbEndpoint'));
});

const threeDSecure = { enabled: true, callback_url: 'https://shop.example/back', fallback_ok: false };

/** A live 3-D Secure charge's issuer page path (below the stage). */
const issuerPagePath = async (): Promise<string> => {
  const pending = await api.call('POST', '/1/charges', chargeFields({ three_d_secure: threeDSecure }), {
    key: api.liveSecretKey,
    stage: 'live',
  });
  expect(pending.status, pending.text).toBe(202);
  return new URL(pending.body.response.redirect_url).pathname.replace(/^\/live/, '');
};

const expectHardened = (what: string, res: CallResult) => {
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
};

describe('every answer', () => {
  it('carries Cache-Control: no-store and X-Content-Type-Options: nosniff', async () => {
    const created = await api.call('POST', '/1/cards', cardFields());
    expect(created.status).toBe(201);
    expectHardened('JSON', created);
    const jsonp = await api.call(
      'GET',
      `/1/cards?${new URLSearchParams({ callback: 'cb', _method: 'POST' })}`,
    );
    expect(jsonp.text).toMatch(/^cb\(/);
    expectHardened('JSONP', jsonp);
    expectHardened('a validation error', await api.call('POST', '/1/charges', {}));
    expectHardened('a key refused', await api.call('GET', '/1/charges', undefined, { key: null }));
    expectHardened('an unknown path', await api.call('GET', '/1/nothing/here'));
    expectHardened('an unknown token', await api.call('GET', `/1/charges/ch_${'0'.repeat(22)}`));
    const page = await api.call('GET', await issuerPagePath(), undefined, { key: null, stage: 'live' });
    expect(page.status).toBe(200);
    expectHardened('the issuer page', page);
  });
});

describe('the 3-D Secure issuer page', () => {
  it('builds its form and links on the configured base URL, whatever Host and X-Forwarded-Proto say', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-proto': 'javascript' };
    const pending = await api.call('POST', '/1/charges', chargeFields({ three_d_secure: threeDSecure }), {
      key: api.liveSecretKey,
      stage: 'live',
      headers,
    });
    const url: string = pending.body.response.redirect_url;
    expect(url).toMatch(/^https:\/\/api\.wattle\.example\/1\/three_d_secure\/se_[\w-]{22}$/);
    const page = await api.call('GET', new URL(url).pathname, undefined, {
      key: null,
      stage: 'live',
      headers,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`action="${url}"`);
    expect(page.text).not.toMatch(/evil|javascript/);
  });
});
