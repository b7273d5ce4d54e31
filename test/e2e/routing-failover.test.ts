import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processorReferenceOf } from '@wattle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenFake, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { closedPort, type SlowRefusal, startSlowRefusal } from '../fakes/unreachable-acquirers.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type Api, api, newMerchant, type OwnStack, request, startOwnStack } from '../helpers/stack.ts';

/**
 * Routing and failover through Pin's API, on a stack of its own with four Adyen accounts: two fake
 * Adyens (adyen-au, adyen-us), a closed port (adyen-down: every connection refused) and a server
 * that refuses every request slowly (adyen-slow: 429 after a while, nothing made). Its functions
 * have 12 s (WATTLE_FUNCTION_TIMEOUT_MS), so an acquirer that never answers meets the real
 * deadline in seconds. A merchant's rules are set through the local stack's control endpoint (as
 * `wattle merchants routing set` does). On both engines.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-routing-'));
const slowMs = 1500;
let au: AdyenFake;
let us: AdyenFake;
let slow: SlowRefusal;
let own: OwnStack;

beforeAll(async () => {
  [au, us] = await Promise.all([startAdyenFake(), startAdyenFake()]);
  const down = `http://127.0.0.1:${await closedPort()}/v71`;
  slow = await startSlowRefusal(slowMs);
  const settings = (url: string, fake: AdyenFake) => ({
    connector: 'adyen',
    settings: {
      ADYEN_CHECKOUT_URL: url,
      ADYEN_API_KEY: fakeApiKey,
      ADYEN_MERCHANT_ACCOUNT: fake.merchantAccount,
      ADYEN_HMAC_KEY: fake.hmacKey,
    },
  });
  own = await startOwnStack({
    dataDir,
    env: {
      WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
        'adyen-au': settings(au.url, au),
        'adyen-us': settings(us.url, us),
        'adyen-down': settings(down, au),
        'adyen-slow': settings(slow.url, au),
      }),
      WATTLE_LIVE_PROCESSOR: 'adyen-au',
      WATTLE_FUNCTION_TIMEOUT_MS: '12000',
    },
  });
}, hangNet(180_000));

afterAll(async () => {
  await own?.stop();
  await Promise.all([au?.close(), us?.close(), slow?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new live merchant of the stack with `rules` as its routing; its client and our reference of its tokens. */
const routedMerchant = async (rules: unknown[]) => {
  const merchant = await newMerchant(own);
  const set = await request(
    'POST',
    `http://localhost:${own.port}/_local/merchants/${merchant.accountId}/routing`,
    {
      routing: { rules },
    },
  );
  expect(set.status, set.text).toBe(200);
  return {
    live: api(merchant.live.baseUrl, merchant.live.secretKey) as Api,
    ours: (token: string) => processorReferenceOf(merchant.accountId, token),
  };
};

/** How many authorisations `fake` was asked for our reference. */
const authorisationsAt = (fake: AdyenFake, reference: string) =>
  fake.requests.filter((asked) => asked.operation === 'payments' && asked.body.reference === reference)
    .length;

describe('a live charge routed by its merchant', () => {
  it('goes to the account its currency names, and to the next when the first refuses connections', async () => {
    const { live, ours } = await routedMerchant([
      { currency: 'USD', accounts: ['adyen-us'] },
      { currency: 'AUD', accounts: ['adyen-down', 'adyen-au'] },
    ]);
    const usd = await live.post('/1/charges', chargeFields({ amount: 1500, currency: 'USD' }));
    expect([usd.status, usd.body.response.success]).toEqual([201, true]);
    expect(authorisationsAt(us, ours(usd.body.response.token))).toBe(1);
    const aud = await live.post('/1/charges', chargeFields({ amount: 1600 }));
    expect([aud.status, aud.body.response.success], aud.text).toEqual([201, true]);
    expect(authorisationsAt(au, ours(aud.body.response.token))).toBe(1);
    expect(authorisationsAt(us, ours(aud.body.response.token))).toBe(0);
    // Pin's charge is as ever: nothing of accounts or attempts.
    expect(aud.text).not.toMatch(/adyen|attempt|processor/i);
  });

  it('never fails over after a timeout: Pending on the first account, nothing asked of the next', async () => {
    const { live, ours } = await routedMerchant([{ accounts: ['adyen-au', 'adyen-us'] }]);
    au.answerNext('payments', { hang: true });
    const charged = await live.post('/1/charges', chargeFields({ amount: 1700 }));
    expect(charged.status, charged.text).toBe(202);
    const reference = ours(charged.body.response.token);
    expect(authorisationsAt(au, reference)).toBe(1);
    expect(authorisationsAt(us, reference)).toBe(0);
  });

  it('authorises once for concurrent requests with one Idempotency-Key while the first account slowly refuses', async () => {
    const { live, ours } = await routedMerchant([{ accounts: ['adyen-slow', 'adyen-us'] }]);
    const headers = { 'Idempotency-Key': `routed-${Date.now()}` };
    const body = chargeFields({ amount: 1800 });
    const first = live.post('/1/charges', body, { headers });
    await new Promise((resolve) => setTimeout(resolve, slowMs / 3));
    const answers = await Promise.all([
      first,
      live.post('/1/charges', body, { headers }),
      live.post('/1/charges', body, { headers }),
    ]);
    // Each answers the one charge (successful, or Pending as it stood), or that the key's first
    // request is still under way (Pin's idempotency_key_in_use): never a second charge.
    const charges = answers.filter((answer) => answer.body.response);
    const inUse = answers.filter((answer) => answer.body.error === 'idempotency_key_in_use');
    expect(charges.length + inUse.length, answers.map((answer) => answer.text).join('\n')).toBe(3);
    const token: string = (await first).body.response.token;
    expect(charges.every((answer) => answer.body.response.token === token)).toBe(true);
    expect((await first).body.response.success).toBe(true);
    expect(authorisationsAt(us, ours(token))).toBe(1);
    const now = await live.get(`/1/charges/${token}`);
    expect(now.body.response.success).toBe(true);
    // Asked again once settled, the key answers the same charge, asking nobody.
    const again = await live.post('/1/charges', body, { headers });
    expect(again.body.response.token).toBe(token);
    expect(authorisationsAt(us, ours(token))).toBe(1);
  });
});
