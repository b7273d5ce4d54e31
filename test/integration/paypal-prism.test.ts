import { readFileSync } from 'node:fs';
import type { PaymentProcessor, ProcessorAuthorisation } from '@wattle/domain';
import { paypalProcessor } from '@wattle/paypal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { aProcessorAuthorisation } from '../helpers/builders.ts';
import { hangNet } from '../helpers/hang-net.ts';
import {
  ordersDefinition,
  paymentsDefinition,
  unicodeIncompatiblePatterns,
} from '../helpers/paypal-definitions.ts';
import {
  type PayPalPrism,
  prismClient,
  prismSignatureHeaders,
  prismWebhookId,
  startPayPalPrism,
} from '../helpers/paypal-prism.ts';

/**
 * The PayPal connector against Stoplight Prism serving PayPal's own Orders v2, Payments v2 and
 * Webhooks v1 definitions (`--errors`, the derived copies of test/vendor/paypal/README.md), behind
 * the router that serves the OAuth token and answers a request Prism found valid with a success of
 * its own: every request Wattle sends must be one PayPal's definitions allow.
 */
let prism: PayPalPrism;
let paypal: PaymentProcessor;

beforeAll(async () => {
  prism = await startPayPalPrism();
  paypal = paypalProcessor({ apiUrl: prism.url, ...prismClient, webhookId: prismWebhookId });
}, hangNet(180_000));
afterAll(() => prism?.stop());

// Every exchange of every test: PayPal's definitions allowed the request, and every call but the
// token's carried a PayPal-Request-Id and asked for the whole resource.
afterEach(() => {
  const exchanges = prism.exchanges.splice(0);
  expect(exchanges.filter((exchange) => exchange.violations !== null)).toEqual([]);
  const calls = exchanges.filter(({ path, method }) => path !== '/v1/oauth2/token' && method === 'POST');
  expect(calls.filter(({ path, requestId }) => !requestId && !path.startsWith('/v1/notifications'))).toEqual(
    [],
  );
  expect(calls.filter(({ prefer }) => prefer !== 'return=representation')).toEqual([]);
});

const open = () => new AbortController().signal;
let counter = 0;

const authorisation = (overrides: Partial<ProcessorAuthorisation> = {}): ProcessorAuthorisation => {
  counter += 1;
  return aProcessorAuthorisation('4111111111111111', {
    paymentToken: `ch_prism${counter}`,
    reference: `ch_prism${counter}.acct_prism`,
    amount: 1234,
    currency: 'AUD',
    ...overrides,
  });
};

const approved = async (input: ProcessorAuthorisation): Promise<string> => {
  const outcome = await paypal.authorise(input);
  if (outcome.outcome !== 'approved') throw new Error(`expected approved: ${JSON.stringify(outcome)}`);
  return outcome.processorReference;
};

describe("PayPal's definitions, as Prism serves them", () => {
  it('served as published, four patterns do not compile in unicode mode (so Prism would skip their schemas); the copies have none', () => {
    const published = [ordersDefinition, paymentsDefinition].flatMap((path) =>
      unicodeIncompatiblePatterns(JSON.parse(readFileSync(path, 'utf8'))),
    );
    expect(published).toEqual([
      '/components/schemas/email',
      '/components/schemas/level_2_card_processing_data/properties/invoice_id',
      '/components/schemas/vault_venmo_wallet_base/allOf/1/properties/description',
      '/components/schemas/email',
    ]);
  });

  it('refuses a bad body (the check itself can fail): an array, an expiry not YYYY-MM, a country by name, an amount as a number', async () => {
    const token = await fetch(`${prism.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${prismClient.clientId}:${prismClient.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then(async (answer) => ((await answer.json()) as { access_token: string }).access_token);
    const order = (card: Record<string, unknown>, amount: unknown = '12.34') => ({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'AUD', value: amount } }],
      payment_source: { card: { number: '4111111111111111', expiry: '2030-12', ...card } },
    });
    for (const body of [
      [],
      order({ expiry: '12/30' }),
      order({ billing_address: { country_code: 'Australia' } }),
      order({}, 12.34),
    ]) {
      const answer = await fetch(`${prism.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'paypal-request-id': 'x',
        },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(422);
    }
    const refused = prism.exchanges.splice(0).filter(({ path }) => path === '/v2/checkout/orders');
    expect(refused.map(({ violations }) => violations)).toEqual([
      expect.stringContaining('Request body must be object'),
      expect.stringContaining('expiry'),
      expect.stringContaining('country_code'),
      expect.stringContaining('value'),
    ]);
  });
});

describe("the PayPal connector against PayPal's definitions (Prism)", () => {
  it('charges a card: an order with intent CAPTURE, the card in full, YYYY-MM, the amount as a string, the country as its ISO code', async () => {
    const input = authorisation();
    const outcome = await paypal.authorise(input);
    expect(outcome).toEqual({
      outcome: 'approved',
      processorReference: expect.stringMatching(/^[0-9A-F]{17}$/),
    });
    const order = prism.exchanges.find(({ path }) => path === '/v2/checkout/orders');
    expect(order?.requestId).toBe(`order.${input.paymentToken}`);
    expect(order?.sent).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: input.reference, amount: { currency_code: 'AUD', value: '12.34' } }],
      payment_source: {
        card: {
          expiry: `${input.card.card.expiryYear}-${String(input.card.card.expiryMonth).padStart(2, '0')}`,
          security_code: '[sent]',
        },
      },
    });
    // The builders' cardholder lives in "Australia": sent as AU.
    expect(JSON.stringify(order?.sent)).toContain('"country_code":"AU"');
  });

  it.each([
    [
      'stored_card',
      { payment_initiator: 'CUSTOMER', payment_type: 'UNSCHEDULED', usage: 'SUBSEQUENT' },
      true,
    ],
    [
      'subscription_start',
      { payment_initiator: 'CUSTOMER', payment_type: 'RECURRING', usage: 'FIRST' },
      true,
    ],
    [
      'subscription_renewal',
      { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' },
      false,
    ],
  ] as const)(
    'says what a %s payment is, as the definition allows',
    async (initiation, storedCredential, withCvc) => {
      await approved(authorisation({ initiation }));
      const sent = prism.exchanges.find(({ path }) => path === '/v2/checkout/orders')?.sent;
      const card = (sent?.payment_source as { card: Record<string, unknown> } | undefined)?.card ?? {};
      expect(card.stored_credential).toEqual(storedCredential);
      expect('security_code' in card).toBe(withCvc);
      expect('attributes' in card && JSON.stringify(card.attributes).includes('vault')).toBe(false);
    },
  );

  it('authorises (intent AUTHORIZE), captures part through Payments v2, then refunds the capture it finds in the order', async () => {
    const input = authorisation({ capture: false });
    const reference = await approved(input);
    expect(reference).toMatch(/^[0-9A-F]{17}\/[0-9A-F]{17}$/);
    const payment = {
      paymentToken: input.paymentToken,
      reference: input.reference,
      processorReference: reference,
      deadline: open(),
    };
    expect(await paypal.capture({ ...payment, amount: 1000, currency: 'AUD' })).toMatchObject({
      outcome: 'succeeded',
    });
    expect(
      await paypal.refund({
        ...payment,
        refundToken: 'rf_prism1',
        reference: 'rf_prism1.acct_prism',
        amount: 400,
        currency: 'AUD',
      }),
    ).toMatchObject({ outcome: 'succeeded', processorReference: expect.any(String) });
    const [orderId, authorizationId] = reference.split('/');
    expect(
      prism.exchanges
        .filter(({ path }) => path !== '/v1/oauth2/token')
        .map(({ method, path, status, requestId }) => [method, path, status, requestId]),
    ).toEqual([
      ['POST', '/v2/checkout/orders', 201, `order.${input.paymentToken}`],
      [
        'POST',
        `/v2/payments/authorizations/${authorizationId}/capture`,
        201,
        `capture.${input.paymentToken}`,
      ],
      ['GET', `/v2/checkout/orders/${orderId}`, 200, null],
      [
        'POST',
        expect.stringMatching(/^\/v2\/payments\/captures\/[0-9A-F]{17}\/refund$/),
        201,
        'refund.rf_prism1',
      ],
    ]);
    expect(prism.exchanges.at(-1)?.sent).toEqual({
      amount: { currency_code: 'AUD', value: '4.00' },
      custom_id: 'rf_prism1.acct_prism',
    });
  });

  it('voids an authorization, and refunds a charge captured at once by its capture id', async () => {
    const held = authorisation({ capture: false });
    const reference = await approved(held);
    expect(
      await paypal.void({
        paymentToken: held.paymentToken,
        reference: held.reference,
        processorReference: reference,
        deadline: open(),
      }),
    ).toEqual({ outcome: 'succeeded' });
    const charged = authorisation();
    const capture = await approved(charged);
    expect(
      await paypal.refund({
        paymentToken: charged.paymentToken,
        reference: 'rf_prism2.acct_prism',
        refundToken: 'rf_prism2',
        processorReference: capture,
        amount: 1234,
        currency: 'AUD',
        deadline: open(),
      }),
    ).toMatchObject({ outcome: 'succeeded' });
    expect(prism.exchanges.map(({ path }) => path).filter((path) => path !== '/v1/oauth2/token')).toEqual([
      '/v2/checkout/orders',
      `/v2/payments/authorizations/${reference.split('/')[1]}/void`,
      '/v2/checkout/orders',
      `/v2/payments/captures/${capture}/refund`,
    ]);
  });

  it('runs 3-D Secure: PAYER_ACTION_REQUIRED is action_required at the payer-action link, completed by authorizing the order', async () => {
    const input = authorisation({
      capture: false,
      threeDSecure: { mode: 'redirect', returnUrl: 'https://wattle.example/3ds/ch_prism' },
    });
    const outcome = await paypal.authorise(input);
    if (outcome.outcome !== 'action_required')
      throw new Error(`expected action_required: ${JSON.stringify(outcome)}`);
    expect(outcome.redirect).toMatchObject({ method: 'GET', url: expect.stringContaining('flow=3ds') });
    expect(prism.exchanges.find(({ path }) => path === '/v2/checkout/orders')?.sent).toMatchObject({
      payment_source: {
        card: {
          attributes: { verification: { method: 'SCA_ALWAYS' } },
          experience_context: { return_url: 'https://wattle.example/3ds/ch_prism' },
        },
      },
    });
    const completed = await paypal.completeAuthentication({
      paymentToken: input.paymentToken,
      completion: outcome.redirect.completion,
      returned: {},
      deadline: open(),
    });
    expect(completed).toEqual({ outcome: 'approved', processorReference: expect.stringMatching(/\//) });
    expect(prism.exchanges.at(-1)).toMatchObject({
      path: expect.stringMatching(/\/authorize$/),
      requestId: `authorize.${input.paymentToken}`,
    });
  });

  it("declines with Pin's code from the processor's response code", async () => {
    prism.declineNext('5120');
    expect(await paypal.authorise(authorisation())).toMatchObject({
      outcome: 'declined',
      decline: 'insufficient_funds',
      raw: { code: '5120' },
    });
    prism.declineNext('9500');
    expect(await paypal.authorise(authorisation({ capture: false }))).toMatchObject({
      outcome: 'declined',
      decline: 'suspected_fraud',
    });
  });

  it("checks a webhook's signature with verify-webhook-signature, the event as it arrived", async () => {
    const event = JSON.stringify({
      id: 'WH-2WR32451HC0233532-67976317FL4543714',
      create_time: '2026-12-07T10:00:00Z',
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed for AUD 12.34',
      resource: {
        id: '42311647XV020574X',
        status: 'COMPLETED',
        custom_id: 'ch_prism1.acct_prism',
        amount: { currency_code: 'AUD', value: '12.34' },
      },
    });
    const reading = await paypal.readNotifications({
      headers: prismSignatureHeaders,
      body: event,
    });
    expect(reading).toMatchObject({
      verdict: 'accepted',
      notifications: [
        {
          kind: 'authorisation',
          success: true,
          reference: 'ch_prism1.acct_prism',
          amount: { amount: 1234, currency: 'AUD' },
        },
      ],
    });
    expect(prism.exchanges.at(-1)).toMatchObject({
      path: '/v1/notifications/verify-webhook-signature',
      status: 200,
    });
  });
});
