import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processorReferenceOf } from '@wattle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenFake, fakeApiKey, type NotificationFields, startAdyenFake } from '../fakes/adyen.ts';
import { checkAdyenNotification } from '../helpers/adyen-definitions.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type Api, api, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';
import { storedPayment } from '../helpers/stored.ts';

/**
 * A stack with two Adyen accounts (WATTLE_PROCESSOR_ACCOUNTS), each on a fake Adyen of its own with
 * its own HMAC key, `adyen-au` the live default: each account's notifications arrive at its own
 * URL and are verified with its own key, and a notification of one account, however well signed,
 * changes no payment of the other.
 */
let au: AdyenFake;
let nz: AdyenFake;
let own: OwnStack;
let live: Api;
let accountId: string;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-processor-accounts-'));

const settingsOf = (fake: AdyenFake) => ({
  ADYEN_CHECKOUT_URL: fake.url,
  ADYEN_API_KEY: fakeApiKey,
  ADYEN_MERCHANT_ACCOUNT: fake.merchantAccount,
  ADYEN_HMAC_KEY: fake.hmacKey,
});

beforeAll(async () => {
  [au, nz] = await Promise.all([startAdyenFake(), startAdyenFake()]);
  own = await startOwnStack({
    dataDir,
    env: {
      WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
        'adyen-au': { connector: 'adyen', settings: settingsOf(au) },
        'adyen-nz': { connector: 'adyen', settings: settingsOf(nz) },
      }),
      WATTLE_LIVE_PROCESSOR: 'adyen-au',
    },
  });
  const merchant = await newMerchant(own);
  live = api(merchant.live.baseUrl, merchant.live.secretKey);
  accountId = merchant.accountId;
}, hangNet(240_000));

afterAll(async () => {
  await own?.stop();
  await Promise.all([au?.close(), nz?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** A delivery of `fake`'s account's notifications (signed with its key), checked against Adyen's definition. */
const deliveryOf = (fake: AdyenFake, ...fields: NotificationFields[]): string => {
  const body = fake.deliveryBody(fields.map((item) => fake.notificationItem(item)));
  checkAdyenNotification(body);
  return body;
};

const post = async (path: string, body: string, stage = own.live.baseUrl) => {
  const res = await fetch(`${stage}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return [res.status, await res.text()] as const;
};

/** An authorisation of 1000 on the live default (adyen-au), and Adyen's capture of it (never asked for). */
const authorised = async () => {
  const res = await live.post('/1/authorisations', chargeFields({ amount: 1000 }));
  expect(res.status).toBe(201);
  const token: string = res.body.response.token;
  const reference = processorReferenceOf(accountId, token);
  const psp = au.payments.get(reference)!.pspReference;
  const capture: NotificationFields = {
    eventCode: 'CAPTURE',
    pspReference: `CAPTURE${psp}`.slice(0, 16),
    originalReference: psp,
    merchantReference: reference,
    amount: { value: 1000, currency: 'AUD' },
  };
  return { token, capture };
};

const captured = async (token: string) =>
  (await live.get(`/1/authorisations/${token}`)).body.response.amount_captured as number;

describe('two processor accounts', () => {
  it('show at start: the live default, and the other', () => {
    expect(own.output()).toContain(
      `processor         Adyen, merchant account WattleTestAccount at ${au.url}; accounts also adyen-nz`,
    );
  });

  it('record the account a payment was made on, which Adyen alone was asked', async () => {
    const { token } = await authorised();
    const stored = await storedPayment(own, { accountId, environment: 'live' }, token);
    expect(stored?.payment.processorAccount).toBe('adyen-au');
    expect(nz.payments.size).toBe(0);
  });

  it("take each account's notifications at its own URL, verified with its own key", async () => {
    const { token, capture } = await authorised();
    // Signed with adyen-nz's key, sent to adyen-au's URL: the signature does not hold there.
    expect(await post('/processors/adyen-au/notifications', deliveryOf(nz, capture))).toEqual([
      401,
      expect.stringContaining('HMAC signature'),
    ]);
    expect(await captured(token)).toBe(0);
    // No such account, the simulator (it sends none), and the test stage (it has no account): 404.
    const body = deliveryOf(au, capture);
    expect((await post('/processors/adyen-us/notifications', body))[0]).toBe(404);
    expect((await post('/processors/simulator/notifications', body))[0]).toBe(404);
    expect((await post('/processors/adyen-au/notifications', body, own.test.baseUrl))[0]).toBe(404);
    // adyen-au's own, at its URL: applied.
    expect(await post('/processors/adyen-au/notifications', body)).toEqual([200, '[accepted]']);
    expect(await captured(token)).toBe(1000);
    // The older path, /{account}/notifications, is the same account's: a resend changes nothing.
    expect(await post('/adyen-au/notifications', body)).toEqual([200, '[accepted]']);
    expect(await captured(token)).toBe(1000);
  });

  it("refuse to let one account's notification, well signed, change a payment of the other", async () => {
    const { token, capture } = await authorised();
    // adyen-nz's notification naming adyen-au's payment, at adyen-nz's URL: verified, and not applied.
    expect(await post('/processors/adyen-nz/notifications', deliveryOf(nz, capture))).toEqual([
      200,
      '[accepted]',
    ]);
    expect(await captured(token)).toBe(0);
    expect((await live.get(`/1/authorisations/${token}`)).body.response).toMatchObject({ capturable: true });
    // The same notification of adyen-au (its own id, so not the one recorded for adyen-nz) applies.
    expect(await post('/processors/adyen-au/notifications', deliveryOf(au, capture))).toEqual([
      200,
      '[accepted]',
    ]);
    expect(await captured(token)).toBe(1000);
  });
});
