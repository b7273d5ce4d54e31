import { adyenProcessor, adyenTestCheckoutUrl, readAdyenNotifications } from '@wattle/adyen';
import { describe, expect, it } from 'vitest';
import { adyenNotifications, type NotificationFields } from '../fakes/adyen.ts';
import { checkAdyenNotification } from '../helpers/adyen-definitions.ts';

const account = {
  hmacKey: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  merchantAccount: 'WattleTest',
  live: false,
};
const adyen = adyenNotifications(account);

const read = (fields: NotificationFields[], key?: string) => {
  const body = adyen.deliveryBody(fields.map((item) => adyen.notificationItem(item, key)));
  checkAdyenNotification(body);
  return readAdyenNotifications(body, account);
};

const amount = { value: 1000, currency: 'AUD' };

describe("Adyen's notifications", () => {
  it('turns each standard event into its kind, our reference and both processor references', () => {
    const reading = read([
      { eventCode: 'AUTHORISATION', pspReference: 'PSP0000000000001', merchantReference: 'ch_1', amount },
      {
        eventCode: 'CAPTURE_FAILED',
        pspReference: 'PSP0000000000002',
        originalReference: 'PSP0000000000001',
        merchantReference: 'ch_1',
        amount,
      },
      {
        eventCode: 'REFUND_FAILED',
        pspReference: 'PSP0000000000003',
        originalReference: 'PSP0000000000001',
        merchantReference: 'rf_1',
        amount: { value: 400, currency: 'AUD' },
      },
      { eventCode: 'TECHNICAL_CANCEL', pspReference: 'PSP0000000000004', merchantReference: 'ch_2', amount },
      {
        eventCode: 'NOTIFICATION_OF_CHARGEBACK',
        pspReference: 'PSP0000000000001',
        merchantReference: 'ch_1',
        amount,
      },
      {
        eventCode: 'REPORT_AVAILABLE',
        pspReference: 'PSP0000000000005',
        merchantReference: 'report',
        amount,
        reason: 'https://ca-test.adyen.com/reports/download/settlement_detail_report_batch_1.csv',
      },
    ]);
    if (reading.verdict !== 'accepted') throw new Error(reading.reason);
    expect(reading.reply).toEqual({ status: 200, contentType: 'text/plain', body: '[accepted]' });
    expect(reading.notifications.map(({ kind, reference }) => [kind, reference])).toEqual([
      ['authorisation', 'ch_1'],
      ['capture_failed', 'ch_1'],
      ['refund_failed', 'rf_1'],
      ['cancellation', 'ch_2'],
      ['notification_of_chargeback', 'ch_1'],
      ['other', 'report'],
    ]);
    expect(reading.notifications[2]).toMatchObject({
      processorReference: 'PSP0000000000003',
      paymentProcessorReference: 'PSP0000000000001',
      amount: { amount: 400, currency: 'AUD' },
      live: false,
    });
  });

  it('declines a refused authorisation as card_declined whatever its reason says: the HMAC does not cover the reason, kept only as text', () => {
    const reading = read([
      {
        eventCode: 'AUTHORISATION',
        pspReference: 'PSP0000000000006',
        merchantReference: 'ch_3',
        amount,
        success: false,
        reason: 'Not enough balance',
      },
    ]);
    expect(reading).toMatchObject({
      verdict: 'accepted',
      notifications: [{ success: false, decline: 'card_declined', reason: 'Not enough balance' }],
    });
    // The reason changed after signing: the signature still holds, and nothing it says is taken.
    const item = adyen.notificationItem({
      eventCode: 'AUTHORISATION',
      pspReference: 'PSP0000000000009',
      merchantReference: 'ch_3b',
      amount,
      success: false,
      reason: 'Refused',
    });
    const changed = { NotificationRequestItem: { ...item.NotificationRequestItem, reason: 'FRAUD' } };
    expect(readAdyenNotifications(adyen.deliveryBody([changed]), account)).toMatchObject({
      verdict: 'accepted',
      notifications: [{ decline: 'card_declined', reason: 'FRAUD' }],
    });
  });

  it("refuses a delivery whose live flag is not the connector's platform's", async () => {
    const item = adyen.notificationItem({
      eventCode: 'CAPTURE',
      pspReference: 'PSP0000000000010',
      merchantReference: 'ch_10',
      amount,
    });
    const settings = { apiKey: 'k', ...account };
    const onLive = adyenProcessor({
      ...settings,
      checkoutUrl: 'https://1797a841fbb37ca7-WattleAU-checkout-live.adyenpayments.com/checkout/v71',
    });
    const onTest = adyenProcessor({ ...settings, checkoutUrl: adyenTestCheckoutUrl });
    const aMock = adyenProcessor({ ...settings, checkoutUrl: 'http://127.0.0.1:4010/v71' });
    const delivery = (live: boolean) => ({ headers: {}, body: adyen.deliveryBody([item], live) });
    expect(onLive.readNotifications(delivery(false))).toMatchObject({
      verdict: 'refused',
      reason: expect.stringContaining('live'),
    });
    expect((await onLive.readNotifications(delivery(true))).verdict).toBe('accepted');
    expect((await onTest.readNotifications(delivery(true))).verdict).toBe('refused');
    expect((await onTest.readNotifications(delivery(false))).verdict).toBe('accepted');
    expect((await aMock.readNotifications(delivery(false))).verdict).toBe('accepted');
  });

  it('gives a resent notification the same id, so it is applied once', () => {
    const fields = {
      eventCode: 'CAPTURE',
      pspReference: 'PSP0000000000007',
      merchantReference: 'ch_4',
      amount,
    };
    const first = read([fields]);
    const again = read([{ ...fields, eventDate: '2026-11-27T11:00:00+01:00' }]);
    if (first.verdict !== 'accepted' || again.verdict !== 'accepted') throw new Error('refused');
    expect(again.notifications[0]?.id).toBe(first.notifications[0]?.id);
  });

  it("takes another merchant account's events as nothing to do", () => {
    const reading = read([
      {
        eventCode: 'CAPTURE',
        pspReference: 'PSP0000000000008',
        merchantReference: 'ch_5',
        amount,
        merchantAccountCode: 'SomeoneElse',
      },
    ]);
    expect(reading).toMatchObject({ verdict: 'accepted', notifications: [{ kind: 'other' }] });
  });

  it('refuses the whole delivery when one signature does not hold', () => {
    const good = adyen.notificationItem({
      eventCode: 'CAPTURE',
      pspReference: 'P1',
      merchantReference: 'ch_6',
      amount,
    });
    const bad = adyen.notificationItem(
      { eventCode: 'REFUND', pspReference: 'P2', merchantReference: 'rf_6', amount },
      '00'.repeat(32),
    );
    expect(readAdyenNotifications(adyen.deliveryBody([good, bad]), account)).toMatchObject({
      verdict: 'refused',
    });
  });

  it('refuses a changed amount, a missing signature, a malformed item and a body that is not JSON', () => {
    const item = adyen.notificationItem({
      eventCode: 'REFUND',
      pspReference: 'P3',
      merchantReference: 'rf_7',
      amount,
    });
    const changed = {
      NotificationRequestItem: { ...item.NotificationRequestItem, amount: { value: 99999, currency: 'AUD' } },
    };
    const unsigned = { NotificationRequestItem: { ...item.NotificationRequestItem, additionalData: {} } };
    const malformed = { NotificationRequestItem: { eventCode: 'REFUND' } };
    for (const body of [
      adyen.deliveryBody([changed]),
      adyen.deliveryBody([unsigned]),
      JSON.stringify({ live: 'false', notificationItems: [malformed] }),
      JSON.stringify({ live: 'false' }),
      'not json',
    ])
      expect(readAdyenNotifications(body, account)).toMatchObject({ verdict: 'refused' });
  });

  it("builds its notifications to Adyen's own definition", () => {
    // An eventCode Adyen's definition does not name is caught by the check itself.
    expect(() =>
      checkAdyenNotification(
        adyen.deliveryBody([
          adyen.notificationItem({
            eventCode: 'NOT_AN_EVENT',
            pspReference: 'P4',
            merchantReference: 'x',
            amount,
          }),
        ]),
      ),
    ).toThrow(/NOT_AN_EVENT/);
  });
});
