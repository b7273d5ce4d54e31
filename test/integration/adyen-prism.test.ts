import { adyenProcessor } from '@wattle/adyen';
import type { PaymentProcessor, ProcessorAuthorisation } from '@wattle/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdyenPrism, startAdyenPrism } from '../helpers/adyen-prism.ts';
import { aProcessorAuthorisation } from '../helpers/builders.ts';
import { hangNet } from '../helpers/hang-net.ts';

/**
 * The Adyen connector against Stoplight Prism serving Adyen's own Checkout v71 definition,
 * unmodified, with `--errors`: every request Wattle sends must be one Adyen's definition allows.
 * Prism answers with the definition's fixed examples (their amounts and references are not ours),
 * so these tests hold the requests to the definition, and the outcomes to what the examples say.
 */
let prism: AdyenPrism;
let adyen: PaymentProcessor;

beforeAll(async () => {
  prism = await startAdyenPrism();
  adyen = adyenProcessor({
    checkoutUrl: prism.url,
    apiKey: 'prism-api-key',
    merchantAccount: 'WattleTestAccount',
    hmacKey: '00'.repeat(32),
  });
}, hangNet(120_000));
afterAll(() => prism?.stop());

// Every exchange of every test: Adyen's definition allowed the request.
afterEach(() => {
  const refused = prism.exchanges.filter((exchange) => exchange.violations !== null);
  prism.exchanges.length = 0;
  expect(refused).toEqual([]);
});

const open = () => new AbortController().signal;
const number = '4111111111111111';

const reference = 'ch_prism00000000000000001.acct_prism0000000000000000001';

const authorisation = (overrides: Partial<ProcessorAuthorisation> = {}): ProcessorAuthorisation =>
  aProcessorAuthorisation(number, {
    paymentToken: 'ch_prism00000000000000001',
    reference,
    email: 'payer@example.com',
    ipAddress: '203.0.113.9',
    ...overrides,
  });

describe("the Adyen connector against Adyen's Checkout v71 definition (Prism)", () => {
  it('charges a card: POST /payments with the card in full, capture at once', async () => {
    prism.preferNext('card-direct');
    expect(await adyen.authorise(authorisation())).toEqual({
      outcome: 'approved',
      processorReference: '993617895204576J',
    });
    expect(prism.exchanges.map(({ path, status }) => [path, status])).toEqual([['/payments', 200]]);
  });

  it.each([
    [
      'a card entered now, with its CVC',
      'new_card',
      '737',
      { shopperInteraction: 'Ecommerce', withCvc: true },
    ],
    [
      "a customer's stored card",
      'stored_card',
      undefined,
      { shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile', withCvc: false },
    ],
    [
      "a subscription's first payment",
      'subscription_start',
      undefined,
      { shopperInteraction: 'Ecommerce', recurringProcessingModel: 'Subscription', withCvc: false },
    ],
    [
      "a subscription's renewal",
      'subscription_renewal',
      undefined,
      { shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription', withCvc: false },
    ],
  ] as const)('says what the payment is, as the definition allows: %s', async (_, initiation, cvc, said) => {
    prism.preferNext('card-direct');
    const base = authorisation({ initiation });
    const outcome = await adyen.authorise({ ...base, card: { ...base.card, cvc } });
    expect(outcome.outcome).toBe('approved');
    // Exactly these: never storePaymentMethod (Wattle keeps the card, not Adyen).
    expect(prism.exchanges.at(-1)?.told).toEqual(said);
  });

  it('authorises for manual capture, then captures, voids and refunds by pspReference', async () => {
    prism.preferNext('card-direct');
    const approved = await adyen.authorise(
      authorisation({ capture: false, email: undefined, ipAddress: undefined }),
    );
    if (approved.outcome !== 'approved') throw new Error(`expected approved: ${JSON.stringify(approved)}`);
    const payment = {
      paymentToken: 'ch_prism00000000000000001',
      reference,
      processorReference: approved.processorReference,
      deadline: open(),
    };
    expect(await adyen.capture({ ...payment, amount: 1000, currency: 'AUD' })).toMatchObject({
      outcome: 'pending',
    });
    expect(await adyen.void(payment)).toMatchObject({ outcome: 'pending' });
    expect(
      await adyen.refund({
        ...payment,
        refundToken: 'rf_prism00000000000000001',
        reference: 'rf_prism00000000000000001.acct_prism0000000000000000001',
        amount: 400,
        currency: 'AUD',
      }),
    ).toMatchObject({ outcome: 'pending' });
    expect(prism.exchanges.map(({ path, status }) => [path, status])).toEqual([
      ['/payments', 200],
      ['/payments/993617895204576J/captures', 201],
      ['/payments/993617895204576J/cancels', 201],
      ['/payments/993617895204576J/refunds', 201],
    ]);
  });

  it('runs 3-D Secure by redirect and completes it with POST /payments/details', async () => {
    prism.preferNext('card-3d-secure-redirect');
    const outcome = await adyen.authorise(
      authorisation({ threeDSecure: { mode: 'redirect', returnUrl: 'https://wattle.example/3ds/ch_prism' } }),
    );
    if (outcome.outcome !== 'action_required')
      throw new Error(`expected action_required: ${JSON.stringify(outcome)}`);
    expect(outcome.redirect).toMatchObject({
      method: 'GET',
      url: expect.stringContaining('threeDS/redirect'),
    });
    expect(
      await adyen.completeAuthentication({
        paymentToken: 'ch_prism00000000000000001',
        completion: outcome.redirect.completion,
        returned: { redirectResult: 'X6XtfGC3!Y...' },
        deadline: open(),
      }),
    ).toEqual({ outcome: 'approved', processorReference: 'V4HZ4RBFJGXXGN82' });
  });

  it("sends the merchant's own 3-D Secure authentication as mpiData the definition allows", async () => {
    const values = { version: '2.2.0', eci: '05', transactionId: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e' };
    for (const cavv of [
      'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      'AAABBEg0VhI0VniQEjRWAAAAAAA',
      '0700010000000000000000000000000000000000',
    ]) {
      prism.preferNext('card-direct');
      expect(
        await adyen.authorise(
          authorisation({ threeDSecure: { mode: 'pass_through', values: { ...values, cavv } } }),
        ),
      ).toMatchObject({ outcome: 'approved' });
    }
    prism.preferNext('card-direct');
    const version1 = {
      version: '1.0.2',
      eci: '06',
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      transactionId: 'MDAwMDAwMDAwMDAwMDAwMDAwMDE=',
    };
    expect(
      await adyen.authorise(authorisation({ threeDSecure: { mode: 'pass_through', values: version1 } })),
    ).toMatchObject({ outcome: 'approved' });
  });

  it('cancels a payment of unknown outcome by our reference (POST /cancels)', async () => {
    expect(
      await adyen.resolve({
        paymentToken: 'ch_prism00000000000000001',
        reference,
        deadline: open(),
      }),
    ).toEqual({
      outcome: 'cancel_requested',
      processorReference: '993617894906488A',
    });
  });

  it("takes Prism's first example (a native 3-D Secure action Wattle never asks for) as unknown, never approved", async () => {
    expect(await adyen.authorise(authorisation())).toMatchObject({ outcome: 'unknown' });
  });

  it('sees a request the definition refuses (the check itself can fail)', async () => {
    const response = await fetch(`${prism.url}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'prism-api-key' },
      body: JSON.stringify({ amount: { value: 1000, currency: 'AUD' }, reference: 'ch_x' }),
    });
    expect(response.status).toBe(422);
    expect(prism.exchanges.at(-1)?.violations).toMatch(/merchantAccount|paymentMethod|returnUrl/);
    prism.exchanges.length = 0;
  });
});
