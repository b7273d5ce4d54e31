import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startLivePayPalStack } from '../helpers/live-paypal-stack.ts';
import {
  type PayPalPrism,
  prismClient,
  prismSignatureHeaders,
  prismWebhookId,
  startPayPalPrism,
} from '../helpers/paypal-prism.ts';
import { type Api, advanceClock, type OwnStack } from '../helpers/stack.ts';

/**
 * The live environment on PayPal, end to end: a stack of its own with WATTLE_LIVE_PROCESSOR=paypal
 * and the four PAYPAL_* settings pointing at the router before Prism serving PayPal's Orders v2,
 * Payments v2 and Webhooks v1 definitions (`--errors`: test/helpers/paypal-prism.ts). Every request
 * Wattle makes through Pin's API must be one PayPal's definitions allow.
 */
let prism: PayPalPrism;
let own: OwnStack;
let live: Api;
let ours: (token: string) => string;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-live-paypal-'));
const amount = 2345;

beforeAll(async () => {
  prism = await startPayPalPrism();
  ({ own, live, ours } = await startLivePayPalStack(dataDir, {
    url: prism.url,
    ...prismClient,
    webhookId: prismWebhookId,
  }));
}, hangNet(300_000));

afterAll(async () => {
  await own?.stop();
  await prism?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Every exchange of every test: PayPal's definitions allowed the request Wattle sent.
afterEach(() => {
  const exchanges = prism.exchanges.splice(0);
  expect(exchanges.filter((exchange) => exchange.violations !== null)).toEqual([]);
});

/** What reached PayPal since the last test, the token's requests aside: method, path, status, PayPal-Request-Id. */
const reached = () =>
  prism.exchanges
    .filter(({ path }) => path !== '/v1/oauth2/token')
    .map(({ method, path, status, requestId }) => [method, path, status, requestId]);

const aud = (value: string) => ({ currency_code: 'AUD', value });
const order = expect.stringMatching(/^\/v2\/checkout\/orders$/);

describe('the live environment on PayPal (Prism serving its definitions), through the public API', () => {
  it('shows PayPal at the router as the live processor', () => {
    expect(own.output()).toContain(`PayPal, REST app ${prismClient.clientId} at ${prism.url}`);
  });

  it('charges a card: an order captured at once, our reference its custom_id', async () => {
    const res = await live.post('/1/charges', chargeFields({ amount }));
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ success: true, amount, currency: 'AUD', captured: true });
    const token = res.body.response.token;
    expect(reached()).toEqual([['POST', order, 201, `order.${token}`]]);
    expect(prism.exchanges.at(-1)?.sent).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: ours(token), amount: aud('23.45') }],
    });
  });

  it('authorises, then captures part of the authorisation through Payments v2', async () => {
    const authorised = await live.post('/1/authorisations', chargeFields({ amount }));
    expect(authorised.status).toBe(201);
    expect(authorised.body.response).toMatchObject({ success: true, amount, capturable: true });
    const token = authorised.body.response.token;
    const captured = await live.post(`/1/authorisations/${token}/charges`, { amount: 1200 });
    expect(captured.status).toBe(200);
    expect(captured.body.response).toMatchObject({ success: true, amount: 1200, captured: true });
    expect(reached()).toEqual([
      ['POST', order, 201, `order.${token}`],
      [
        'POST',
        expect.stringMatching(/^\/v2\/payments\/authorizations\/[0-9A-F]{17}\/capture$/),
        201,
        `capture.${token}`,
      ],
    ]);
    expect(prism.exchanges.at(-1)?.sent).toEqual({
      amount: aud('12.00'),
      final_capture: true,
      custom_id: ours(token),
    });
  });

  it('voids an authorisation', async () => {
    const authorised = await live.post('/1/authorisations', chargeFields({ amount }));
    const token = authorised.body.response.token;
    const voided = await live.put(`/1/authorisations/${token}/void`, {});
    expect(voided.status).toBe(200);
    expect(voided.body.response).toMatchObject({ token, voided: true, capturable: false });
    expect(reached()).toEqual([
      ['POST', order, 201, `order.${token}`],
      [
        'POST',
        expect.stringMatching(/^\/v2\/payments\/authorizations\/[0-9A-F]{17}\/void$/),
        200,
        `void.${token}`,
      ],
    ]);
  });

  it("refunds part of a charge: sent by the settlement job, PayPal's COMPLETED refund is Success", async () => {
    const charged = await live.post('/1/charges', chargeFields({ amount }));
    const token = charged.body.response.token;
    const refunded = await live.post(`/1/charges/${token}/refunds`, { amount: 345 });
    expect(refunded.status).toBe(201);
    const refund = refunded.body.response.token;
    await advanceClock(own, 61 * 60);
    expect(reached()).toEqual([
      ['POST', order, 201, `order.${token}`],
      [
        'POST',
        expect.stringMatching(/^\/v2\/payments\/captures\/[0-9A-F]{17}\/refund$/),
        201,
        `refund.${refund}`,
      ],
    ]);
    expect(prism.exchanges.at(-1)?.sent).toEqual({ amount: aud('3.45'), custom_id: ours(refund) });
    expect((await live.get(`/1/refunds/${refund}`)).body.response).toMatchObject({
      amount: 345,
      status_message: 'Success',
    });
  });

  it("runs 3-D Secure: the payer goes to PayPal's payer-action link, and their return authorizes the order", async () => {
    const pending = await live.post(
      '/1/charges',
      chargeFields({
        amount,
        card: cardFields({ number: '4111111111111111' }),
        three_d_secure: { enabled: true, callback_url: 'https://shop.example/back' },
      }),
    );
    expect(pending.status).toBe(202);
    const token = pending.body.response.token;
    // Wattle's 3-D Secure page sends the payer on to PayPal's payer-action link.
    const sent = await fetch(pending.body.response.redirect_url, { redirect: 'manual' });
    expect(sent.status).toBeGreaterThanOrEqual(300);
    const page = new URL(sent.headers.get('location') ?? '');
    expect(`${page.origin}${page.pathname}`).toBe('https://www.sandbox.paypal.com/webapps/helios');
    expect(page.searchParams.get('flow')).toBe('3ds');
    const created = prism.exchanges.find(({ path }) => path === '/v2/checkout/orders');
    expect(created?.sent).toMatchObject({
      payment_source: { card: { experience_context: { return_url: pending.body.response.redirect_url } } },
    });
    // PayPal sends the payer back to the return URL, naming the order.
    const orderId = page.searchParams.get('cart_id');
    const back = await fetch(`${pending.body.response.redirect_url}?token=${orderId}&PayerID=PAYERPRISM01`, {
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const session = new URL(back.headers.get('location') ?? '').searchParams.get('session_token');
    const verified = await live.get(`/1/charges/verify?session_token=${session}`);
    expect(verified.body.response).toMatchObject({ token, success: true, captured: true, amount });
    expect(reached()).toEqual([
      ['POST', order, 201, `order.${token}`],
      ['POST', `/v2/checkout/orders/${orderId}/capture`, 201, `capture.${token}`],
    ]);
  });

  it('takes a webhook at /processors/paypal/notifications once PayPal verified its signature', async () => {
    const event = JSON.stringify({
      id: 'WH-PRISM0000000000001',
      create_time: '2026-12-07T10:00:00Z',
      resource_type: 'checkout-order',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ORDERPRISM0000001', status: 'APPROVED' },
    });
    const delivered = await fetch(`${own.live.baseUrl}/processors/paypal/notifications`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...prismSignatureHeaders,
      },
      body: event,
    });
    expect(delivered.status).toBe(200);
    expect(reached()).toEqual([['POST', '/v1/notifications/verify-webhook-signature', 200, null]]);
  });
});
