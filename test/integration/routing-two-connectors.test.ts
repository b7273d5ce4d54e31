import { randomUUID } from 'node:crypto';
import { type PaymentAttempt, processorReferenceOf, type Scope } from '@wattle/domain';
import { captureAuthorisation, createPayment, createPaymentOnce } from '@wattle/flows';
import { loadProcessorConfig, processorsFor, type RuntimeDeps } from '@wattle/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveNotifications } from '../../functions/processor-notifications/src/receive-notifications.ts';
import { type AdyenFake, askedOf, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { type PayPalFake, startPayPalFake } from '../fakes/paypal.ts';
import { closedPort, type SlowRefusal, startSlowRefusal } from '../fakes/unreachable-acquirers.ts';
import { hangNet } from '../helpers/hang-net.ts';
import {
  capturedAndRefunded,
  routedMerchant,
  routedPayment,
  routingEngines,
  sentThriceAtOnce,
} from '../helpers/routing.ts';
import { useTable } from '../helpers/table.ts';

/**
 * The design of issue 43 across its two real connectors, on both store engines: a merchant's
 * rules route AUD to an Adyen account (`adyen-au`, the Adyen fake) and USD to a PayPal one
 * (`paypal-us`, PayPal's stateful fake); an account that refuses connections (a closed port) or
 * slowly refuses every request (429: it did nothing) fails over to the other connector's account;
 * a payment stays on its connector after the live default becomes the other; a notification,
 * well signed for one account, changes no payment of the other; one Idempotency-Key authorises
 * once across the two. processor-routing.test.ts shows the same with two Adyen accounts; this
 * file adds what only two connectors show (each account's own API, keys and references).
 */
let au: AdyenFake;
let us: PayPalFake;
let slow: SlowRefusal;
let down: number;
const slowMs = 400;

beforeAll(async () => {
  [au, us] = await Promise.all([startAdyenFake(), startPayPalFake()]);
  down = await closedPort();
  slow = await startSlowRefusal(slowMs);
}, hangNet(30_000));

afterAll(async () => {
  await Promise.all([au?.close(), us?.close(), slow?.close()]);
});

const adyenAt = (url: string) => ({
  connector: 'adyen',
  settings: {
    ADYEN_CHECKOUT_URL: url,
    ADYEN_API_KEY: fakeApiKey,
    ADYEN_MERCHANT_ACCOUNT: au.merchantAccount,
    ADYEN_HMAC_KEY: au.hmacKey,
  },
});
const paypalAt = (url: string) => ({
  connector: 'paypal',
  settings: {
    PAYPAL_API_URL: url,
    PAYPAL_CLIENT_ID: us.clientId,
    PAYPAL_CLIENT_SECRET: us.clientSecret,
    PAYPAL_WEBHOOK_ID: us.webhookId,
  },
});

const accounts = ['adyen-au', 'paypal-us', 'adyen-down', 'paypal-down', 'adyen-slow'];

/** The deployment's accounts, `live` the live default. */
const processors = (live: string) =>
  processorsFor(
    loadProcessorConfig({
      WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
        'adyen-au': adyenAt(au.url),
        'paypal-us': paypalAt(us.url),
        'adyen-down': adyenAt(`http://127.0.0.1:${down}/v71`),
        'paypal-down': paypalAt(`http://127.0.0.1:${down}`),
        'adyen-slow': adyenAt(slow.url),
      }),
      WATTLE_LIVE_PROCESSOR: live,
    }),
  );

const table = useTable();
/** The PayPal orders asked for our reference (one is one authorisation; a repeat would be sent twice). */
const ordersAt = (reference: string) =>
  us.requests.filter(
    ({ operation, body }) =>
      operation === 'orders' &&
      (body.purchase_units as { custom_id?: string }[] | undefined)?.[0]?.custom_id === reference,
  ).length;

/** The PayPal captures and refunds asked with our reference. */
const movedAtPayPal = (reference: string) =>
  us.requests
    .filter(
      ({ operation, body }) =>
        (operation === 'capture' || operation === 'refund') && body.custom_id === reference,
    )
    .map(({ operation }) => operation);

describe.each(routingEngines(table, processors))(
  'routing across Adyen and PayPal on the $name engine',
  ({ deps: engine }) => {
    const deps = (live = 'adyen-au') => engine(live);
    const merchant = (on: RuntimeDeps, rules: unknown[]) => routedMerchant(on, rules, accounts);
    const charge = routedPayment;
    const ours = (scope: Scope, token: string) => processorReferenceOf(scope.accountId, token);
    const outcomes = (attempts: PaymentAttempt[] | undefined) =>
      attempts?.map(({ account, outcome }) => ({ account, outcome }));

    it('routes AUD to adyen-au and USD to paypal-us: each charge reaches its acquirer and records its account', async () => {
      const on = deps();
      const scope = await merchant(on, [
        { currency: 'AUD', accounts: ['adyen-au'] },
        { currency: 'USD', accounts: ['paypal-us'] },
      ]);
      const aud = (await createPayment(on, scope, charge('AUD'))).payment;
      const usd = (await createPayment(on, scope, charge('USD'))).payment;
      const held = (await createPayment(on, scope, charge('USD', 'authorisation'))).payment;
      expect(aud).toMatchObject({ state: 'captured', processorAccount: 'adyen-au' });
      expect(usd).toMatchObject({ state: 'captured', processorAccount: 'paypal-us' });
      expect(held).toMatchObject({ state: 'authorised', processorAccount: 'paypal-us' });
      for (const { token, processorAccount } of [aud, usd, held])
        expect((await on.payments.get(scope, token))?.processorAccount).toBe(processorAccount);
      expect(askedOf(au, scope, aud.token)).toEqual(['payments']);
      expect(ordersAt(ours(scope, aud.token))).toBe(0);
      for (const { token } of [usd, held]) {
        expect(ordersAt(ours(scope, token))).toBe(1);
        expect(askedOf(au, scope, token)).toEqual([]);
      }
      // PayPal's own references are recorded (an Adyen pspReference for the AUD charge).
      expect(aud.processorReference).toBe(au.payments.get(ours(scope, aud.token))?.pspReference);
      expect(usd.processorReference).toMatch(/^[0-9A-F]+/);
      // The USD authorisation is captured by PayPal's Payments v2, nothing asked of Adyen.
      expect(await captureAuthorisation(on, scope, held.token, held.amount)).toMatchObject({
        state: 'captured',
      });
      expect(movedAtPayPal(ours(scope, held.token))).toEqual(['capture']);
      expect(askedOf(au, scope, held.token)).toEqual([]);
    });

    it('fails over from an account that refuses connections to the other connector, both ways, the attempts kept', async () => {
      const on = deps();
      const scope = await merchant(on, [
        { currency: 'AUD', accounts: ['adyen-down', 'paypal-us'] },
        { currency: 'USD', accounts: ['paypal-down', 'adyen-au'] },
      ]);
      const toPayPal = (await createPayment(on, scope, charge('AUD'))).payment;
      const toAdyen = (await createPayment(on, scope, charge('USD'))).payment;
      expect(toPayPal).toMatchObject({ state: 'captured', processorAccount: 'paypal-us' });
      expect(toAdyen).toMatchObject({ state: 'captured', processorAccount: 'adyen-au' });
      expect(outcomes((await on.payments.get(scope, toPayPal.token))?.attempts)).toEqual([
        { account: 'adyen-down', outcome: 'not_processed' },
        { account: 'paypal-us', outcome: 'approved' },
      ]);
      expect(outcomes((await on.payments.get(scope, toAdyen.token))?.attempts)).toEqual([
        { account: 'paypal-down', outcome: 'not_processed' },
        { account: 'adyen-au', outcome: 'approved' },
      ]);
      expect(ordersAt(ours(scope, toPayPal.token))).toBe(1);
      expect(askedOf(au, scope, toAdyen.token)).toEqual(['payments']);
    });

    it('never fails over to the other connector after an unknown outcome', async () => {
      const on = deps();
      const scope = await merchant(on, [{ accounts: ['adyen-au', 'paypal-us'] }]);
      au.answerNext('payments', { reset: true });
      const made = (await createPayment(on, scope, charge('AUD'))).payment;
      expect(made).toMatchObject({ state: 'processing', processorAccount: 'adyen-au' });
      expect(outcomes((await on.payments.get(scope, made.token))?.attempts)).toEqual([
        { account: 'adyen-au', outcome: 'unknown' },
      ]);
      expect(ordersAt(ours(scope, made.token))).toBe(0);
    });

    it("fails over to adyen-au a charge with the merchant's own 3-D Secure result, which PayPal's orders cannot take", async () => {
      const on = deps();
      const scope = await merchant(on, [{ accounts: ['paypal-us', 'adyen-au'] }]);
      const made = (
        await createPayment(on, scope, {
          ...charge('AUD'),
          threeDSecure: {
            version: '2.2.0',
            eci: '05',
            cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
            transactionId: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
          },
        })
      ).payment;
      expect(made).toMatchObject({ state: 'captured', processorAccount: 'adyen-au' });
      expect(outcomes((await on.payments.get(scope, made.token))?.attempts)).toEqual([
        { account: 'paypal-us', outcome: 'not_processed' },
        { account: 'adyen-au', outcome: 'approved' },
      ]);
      // Nothing was sent to PayPal; Adyen got the authentication's values.
      expect(ordersAt(ours(scope, made.token))).toBe(0);
      const [asked] = au.requests.filter(({ body }) => body.reference === ours(scope, made.token));
      expect(asked?.body.mpiData).toMatchObject({ eci: '05', cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=' });
    });

    it('captures and refunds on Adyen a payment Adyen made after the live default becomes paypal-us', async () => {
      const before = deps('adyen-au');
      const scope = await merchant(before, [{ currency: 'NZD', accounts: ['paypal-us'] }]);
      // AUD names no rule: the live default of the day, adyen-au.
      const held = (await createPayment(before, scope, charge('AUD', 'authorisation'))).payment;
      const paid = (await createPayment(before, scope, charge('AUD'))).payment;
      expect([held.processorAccount, paid.processorAccount]).toEqual(['adyen-au', 'adyen-au']);
      const after = deps('paypal-us');
      const now = (await createPayment(after, scope, charge('AUD'))).payment;
      expect(now.processorAccount).toBe('paypal-us');
      const refund = await capturedAndRefunded(after, scope, held, paid);
      expect(refund.processorAccount).toBe('adyen-au');
      expect(askedOf(au, scope, held.token)).toEqual(['payments', 'captures']);
      expect(askedOf(au, scope, paid.token)).toEqual(['payments', 'refunds']);
      for (const token of [held.token, paid.token, refund.token])
        expect(movedAtPayPal(ours(scope, token))).toEqual([]);
    });

    it("changes no payment of one account by a notification well signed for the other's", async () => {
      const on = deps();
      const scope = await merchant(on, [
        { currency: 'AUD', accounts: ['adyen-au'] },
        { currency: 'USD', accounts: ['paypal-us'] },
      ]);
      const deliver = (account: string, headers: Record<string, string>, body: string) =>
        receiveNotifications(
          { environment: 'live', params: { account }, headers, body },
          on as unknown as Parameters<typeof receiveNotifications>[1],
        );
      const adyenCapture = (token: string, psp: string, amount: number, currency: string) =>
        au.deliveryBody([
          au.notificationItem({
            eventCode: 'CAPTURE',
            pspReference: `CAP${randomUUID().slice(0, 8)}`,
            originalReference: psp,
            merchantReference: ours(scope, token),
            amount: { value: amount, currency },
          }),
        ]);
      const paypalDispute = (token: string, amount: string, currency: string) =>
        us.signedDelivery({
          id: `WH-${randomUUID()}`,
          event_type: 'CUSTOMER.DISPUTE.CREATED',
          create_time: new Date().toISOString(),
          resource_type: 'dispute',
          resource: {
            id: `PP-D-${randomUUID().slice(0, 8)}`,
            reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
            status: 'OPEN',
            dispute_amount: { currency_code: currency, value: amount },
            disputed_transactions: [{ seller_transaction_id: 'CAPFAKE', custom: ours(scope, token) }],
          },
        });

      // An authorisation at PayPal: Adyen's capture of it, signed with adyen-au's key and naming its
      // PayPal reference, verifies at adyen-au and changes nothing; at paypal-us it is refused.
      const paypalHeld = (await createPayment(on, scope, charge('USD', 'authorisation'))).payment;
      const forged = adyenCapture(paypalHeld.token, paypalHeld.processorReference!, paypalHeld.amount, 'USD');
      expect(await deliver('adyen-au', { 'content-type': 'application/json' }, forged)).toMatchObject({
        status: 200,
        body: '[accepted]',
      });
      expect(await deliver('paypal-us', { 'content-type': 'application/json' }, forged)).toMatchObject({
        status: 401,
      });
      expect(await on.payments.get(scope, paypalHeld.token)).toMatchObject({
        state: 'authorised',
        processorAccount: 'paypal-us',
      });
      // An Adyen authorisation: the same capture of its own is applied (the notification is sound).
      const adyenHeld = (await createPayment(on, scope, charge('AUD', 'authorisation'))).payment;
      const own = adyenCapture(adyenHeld.token, adyenHeld.processorReference!, adyenHeld.amount, 'AUD');
      expect((await deliver('adyen-au', {}, own)).status).toBe(200);
      expect(await on.payments.get(scope, adyenHeld.token)).toMatchObject({ state: 'captured' });

      // A charge at Adyen: PayPal's dispute of it, verified by PayPal for paypal-us, opens nothing.
      const adyenPaid = (await createPayment(on, scope, charge('AUD'))).payment;
      const dispute = paypalDispute(adyenPaid.token, '10.00', 'AUD');
      expect((await deliver('paypal-us', dispute.headers, dispute.body)).status).toBe(200);
      expect((await deliver('adyen-au', dispute.headers, dispute.body)).status).toBe(401);
      expect((await on.payments.get(scope, adyenPaid.token))?.dispute).toBeUndefined();
      // PayPal's dispute of its own charge opens one.
      const paypalPaid = (await createPayment(on, scope, charge('USD'))).payment;
      const its = paypalDispute(paypalPaid.token, '10.00', 'USD');
      expect((await deliver('paypal-us', its.headers, its.body)).status).toBe(200);
      expect((await on.payments.get(scope, paypalPaid.token))?.dispute).toBeDefined();
    });

    it('authorises once, at PayPal, for concurrent requests with one Idempotency-Key while adyen-slow refuses', async () => {
      const on = deps();
      const scope = await merchant(on, [{ accounts: ['adyen-slow', 'paypal-us'] }]);
      const asked = slow.asked();
      const request = { ...charge('AUD'), idempotencyKey: `key-${randomUUID()}` };
      // PayPal answers the first slowly: the later requests' own refusals by adyen-slow come while
      // the payment is at paypal-us, and their moves from adyen-slow are refused.
      us.answerNext('orders', { delayMs: slowMs });
      const token = await sentThriceAtOnce(on, scope, request, slowMs / 4);
      expect(slow.asked() - asked).toBeGreaterThanOrEqual(1);
      expect(ordersAt(ours(scope, token))).toBe(1);
      expect(us.madeFor(ours(scope, token))).toBe(1);
      expect(askedOf(au, scope, token)).toEqual([]);
      const stored = await on.payments.get(scope, token);
      expect(stored).toMatchObject({ state: 'captured', processorAccount: 'paypal-us' });
      expect(outcomes(stored?.attempts)).toEqual([
        { account: 'adyen-slow', outcome: 'not_processed' },
        { account: 'paypal-us', outcome: 'approved' },
      ]);
      // A retry once it settled answers the same payment, asking nobody.
      const again = await createPaymentOnce(on, scope, request);
      expect(again.payment).toMatchObject({ token, state: 'captured' });
      expect(ordersAt(ours(scope, token))).toBe(1);
    });
  },
);
