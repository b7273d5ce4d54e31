import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processorReferenceOf } from '@wattle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenFake, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { eventsAbout } from '../helpers/events.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type Api, api, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';

/**
 * Issue 39: a live charge whose acquirer never answers, on a stack of its own whose live processor
 * is the stateful fake Adyen, its functions given 12 s (WATTLE_FUNCTION_TIMEOUT_MS) instead of 30
 * so the real deadline comes in seconds. The acquirer gets about 6 s of them (room for a slow
 * reservation and the connector's first load), and its call is given up on with the reserve still
 * left to write the unknown outcome and keep the Idempotency-Key's answer: the charge answers 202
 * Pending with its token, never 503 with none. On both engines: the memory engine's store is
 * bound by the deadline as DynamoDB's is.
 */
const functionTimeoutMs = 12_000;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-acquirer-timeout-'));
let adyen: AdyenFake;
let own: OwnStack;
let live: Api;
let accountId: string;

beforeAll(async () => {
  adyen = await startAdyenFake();
  own = await startOwnStack({
    dataDir,
    env: {
      WATTLE_LIVE_PROCESSOR: 'adyen',
      ADYEN_CHECKOUT_URL: adyen.url,
      ADYEN_API_KEY: fakeApiKey,
      ADYEN_MERCHANT_ACCOUNT: adyen.merchantAccount,
      ADYEN_HMAC_KEY: adyen.hmacKey,
      WATTLE_FUNCTION_TIMEOUT_MS: String(functionTimeoutMs),
    },
  });
  const merchant = await newMerchant(own);
  live = api(merchant.live.baseUrl, merchant.live.secretKey);
  accountId = merchant.accountId;
}, hangNet(120_000));

afterAll(async () => {
  await own?.stop();
  await adyen?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a live charge whose acquirer never answers', () => {
  it('answers 202 Pending with its token before the function times out; the same key answers the same charge', async () => {
    adyen.answerNext('payments', { hang: true });
    const headers = { 'Idempotency-Key': 'order-slow-acquirer' };
    const started = Date.now();
    const first = await live.post('/1/charges', chargeFields({ amount: 2500 }), { headers });
    const tookMs = Date.now() - started;
    expect(first.status, first.text).toBe(202);
    const charge = first.body.response;
    expect(charge).toMatchObject({
      token: expect.stringMatching(/^ch_/),
      success: false,
      status_message: 'Pending',
      error_message: null,
      captured: false,
    });
    // Answered by the function, before the gateway's own 503 at its timeout.
    expect(tookMs).toBeLessThan(functionTimeoutMs);
    // The acquirer was asked once, and made the payment (it only never answered).
    const reference = processorReferenceOf(accountId, charge.token);
    expect(adyen.madeFor(reference)).toBe(1);

    const again = await live.post('/1/charges', chargeFields({ amount: 2500 }), { headers });
    expect(again.status, again.text).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.response.token).toBe(charge.token);
    expect(adyen.madeFor(reference)).toBe(1);

    // Never reported failed while the acquirer may have charged the card.
    const read = await live.get(`/1/charges/${charge.token}`);
    expect(read.body.response).toMatchObject({ token: charge.token, status_message: 'Pending' });
    expect((await eventsAbout(own, charge.token)).map((event) => event.type)).not.toContain('charge.failed');
  });
});
