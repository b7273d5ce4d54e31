import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adyenNotifications, type NotificationFields } from '../fakes/adyen.ts';
import { checkAdyenNotification } from '../helpers/adyen-definitions.ts';
import { type OwnStack, startOwnStack } from '../helpers/stack.ts';
import { storedNotification } from '../helpers/stored.ts';

const account = {
  hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  merchantAccount: 'WattleTest',
};
const adyen = adyenNotifications(account);
const adyenEnv = {
  WATTLE_LIVE_PROCESSOR: 'adyen',
  // Nothing here calls the Checkout API: only the notifications' HMAC key is used.
  ADYEN_CHECKOUT_URL: 'http://127.0.0.1:9/v71',
  ADYEN_API_KEY: 'test-api-key',
  ADYEN_MERCHANT_ACCOUNT: account.merchantAccount,
  ADYEN_HMAC_KEY: account.hmacKey,
};

const capture: NotificationFields = {
  eventCode: 'CAPTURE',
  pspReference: 'PSP0000000000002',
  originalReference: 'PSP0000000000001',
  merchantReference: 'ch_adyen_1',
  amount: { value: 1000, currency: 'AUD' },
};

/** A delivery as Adyen posts it (JSON), checked against Adyen's webhooks definition first. */
const deliver = async (baseUrl: string, body: string, contentType = 'application/json') => {
  const response = await fetch(`${baseUrl}/adyen/notifications`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return { status: response.status, text: await response.text() };
};

const signed = (fields: NotificationFields[], key?: string) => {
  const body = adyen.deliveryBody(fields.map((item) => adyen.notificationItem(item, key)));
  checkAdyenNotification(body);
  return body;
};

describe("Adyen's notifications on a stack whose live processor is Adyen", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-adyen-'));
  let own: OwnStack;

  beforeAll(async () => {
    own = await startOwnStack({ dataDir, env: adyenEnv, logLevel: 'INFO' });
  });

  afterAll(async () => {
    await own?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the stack keeps of the live environment's Adyen notification `id`. */
  const stored = (id: string) => storedNotification(own, 'live', 'adyen', id);

  it('shows Adyen as the live processor when it starts', () => {
    expect(own.output()).toContain(
      'processor         Adyen, merchant account WattleTest at http://127.0.0.1:9/v71',
    );
  });

  it('answers a verified delivery with [accepted], records each notification once and applies it', async () => {
    const body = signed([capture, { ...capture, eventCode: 'REFUND', pspReference: 'PSP0000000000003' }]);
    expect(await deliver(own.live.baseUrl, body)).toEqual({ status: 200, text: '[accepted]' });

    const first = await stored('CAPTURE:PSP0000000000002:true');
    expect(first).toMatchObject({
      applied: true,
      notification: {
        kind: 'capture',
        reference: 'ch_adyen_1',
        paymentProcessorReference: 'PSP0000000000001',
      },
    });

    // Adyen sends it again (no answer reached it, say): the same answer, applied once.
    expect(await deliver(own.live.baseUrl, body)).toEqual({ status: 200, text: '[accepted]' });
    const again = await stored('CAPTURE:PSP0000000000002:true');
    expect(again).toMatchObject({
      applied: true,
      receivedAt: first?.receivedAt,
      appliedAt: first?.appliedAt,
    });
    expect(again?.lastReceivedAt).not.toBe(first?.lastReceivedAt);
  });

  it('refuses a delivery with a wrong signature, taking none of it', async () => {
    const good = adyen.notificationItem({ ...capture, pspReference: 'PSP0000000000009' });
    const forged = adyen.notificationItem(
      { ...capture, pspReference: 'PSP0000000000010' },
      '00112233445566778899AABBCCDDEEFF00112233445566778899AABBCCDDEEFF',
    );
    const answer = await deliver(own.live.baseUrl, adyen.deliveryBody([good, forged]));
    expect(answer.status).toBe(401);
    expect(answer.text).toBe('The HMAC signature of PSP0000000000010 does not hold');

    expect(await stored('CAPTURE:PSP0000000000009:true')).toBeUndefined();
  });

  it('never answers 5xx to hostile input', async () => {
    const hostile = [
      '',
      'not json',
      '[]',
      'null',
      '{"notificationItems":"x"}',
      '{"notificationItems":[null]}',
      '{"notificationItems":[{"NotificationRequestItem":{"pspReference":1}}]}',
      `{"notificationItems":[{"NotificationRequestItem":${JSON.stringify({ ...adyen.notificationItem(capture).NotificationRequestItem, additionalData: null })}}]}`,
      '\u0000\uffff',
    ];
    for (const body of hostile) {
      const answer = await deliver(own.live.baseUrl, body);
      expect(answer.status, body).toBe(401);
    }
    const formPosted = await deliver(own.live.baseUrl, 'a=1&b=2', 'application/x-www-form-urlencoded');
    expect(formPosted.status).toBe(401);
    const huge = await deliver(own.live.baseUrl, `{"pad":"${'x'.repeat(1024 * 1024)}"}`);
    expect(huge.status).toBe(413);
  });

  it('is no route of the test environment, whose processor is the simulator', async () => {
    const answer = await deliver(own.test.baseUrl, signed([capture]));
    expect(answer.status).toBe(404);
  });
});

describe('a stack told to use Adyen without its settings', () => {
  it('does not start, and names every missing setting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wattle-adyen-'));
    try {
      const { ADYEN_API_KEY: _, ADYEN_HMAC_KEY: __, ...partial } = adyenEnv;
      await expect(startOwnStack({ dataDir, env: partial })).rejects.toThrow(
        'The live processor account adyen in the environment: ADYEN_API_KEY is missing; ADYEN_HMAC_KEY is missing',
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
