import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adyenNotifications } from '../fakes/adyen.ts';
import { checkAdyenNotification } from '../helpers/adyen-definitions.ts';
import { type AdyenPrism, startAdyenPrism } from '../helpers/adyen-prism.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startLiveAdyenStack } from '../helpers/live-adyen-stack.ts';
import { newCustomer, newPlan, subscribe } from '../helpers/plans.ts';
import { type Api, advanceClock, type OwnStack } from '../helpers/stack.ts';
import { everythingStored, storedPayment } from '../helpers/stored.ts';

/**
 * The live environment on Adyen, end to end: a stack of its own whose four Adyen settings point at
 * Stoplight Prism serving Adyen's unmodified Checkout v71 definition (`--errors`), through the
 * proxy that adds `Prefer: example=card-direct` to POST /payments (Wattle never sends Prefer).
 * Every request Wattle makes must be one the definition allows; Prism's examples echo fixed
 * amounts and references, so what the API shows must be Wattle's own, never the example's.
 */
let prism: AdyenPrism;
let own: OwnStack;
let live: Api;
let test: Api;
/** Our reference of `token` as Adyen is told it (processorReferenceOf): the token, then the merchant's account. */
let ours: (token: string) => string;
let accountId: string;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-live-adyen-'));
const account = { merchantAccount: 'WattleTestAccount', hmacKey: '00'.repeat(32) };

const amount = 2345;

beforeAll(async () => {
  prism = await startAdyenPrism();
  ({ own, live, test, ours, accountId } = await startLiveAdyenStack(dataDir, {
    url: prism.url,
    apiKey: 'prism-api-key',
    merchantAccount: account.merchantAccount,
    hmacKey: account.hmacKey,
  }));
}, hangNet(240_000));

afterAll(async () => {
  await own?.stop();
  await prism?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// Every exchange of every test: Adyen's definition allowed the request Wattle sent, and it
// carried an Idempotency-Key (a repeat of it is then carried out once at Adyen).
afterEach(() => {
  const exchanges = prism.exchanges.splice(0);
  expect(exchanges.filter((exchange) => exchange.violations !== null)).toEqual([]);
  expect(exchanges.filter((exchange) => !exchange.idempotencyKey)).toEqual([]);
});

/** What reached Prism since the last test: the paths, Prism's status, our amount and reference. */
const reached = () => prism.exchanges.map(({ path, status, sent }) => [path, status, sent]);

const aud = (value: number) => ({ value, currency: 'AUD' });

/**
 * Prism's examples echo Adyen's own figures (captures 2000 EUR, refunds 2500 EUR, references
 * YOUR_UNIQUE_REFERENCE, pspReferences 9936178...): none may show through the API.
 */
const ownFigures = (text: string) => {
  expect(text).not.toMatch(/"EUR"|YOUR_|99361789|\b2000\b|\b2500\b/);
};

const charge = async (overrides: Record<string, unknown> = {}) => {
  prism.preferNext('card-direct');
  return live.post('/1/charges', chargeFields({ amount, ...overrides }));
};

describe('the live environment on Adyen (Prism serving Checkout v71), through the public API', () => {
  it('shows Adyen at the proxied URL as the live processor', () => {
    expect(own.output()).toContain(
      `processor         Adyen, merchant account WattleTestAccount at ${prism.url}`,
    );
  });

  it("charges a card: Wattle's own amount and token, never the example's", async () => {
    const res = await charge();
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      token: expect.stringMatching(/^ch_[\w-]{22}$/),
      success: true,
      amount,
      currency: 'AUD',
      captured: true,
      status_message: 'Success',
      error_message: null,
      description: 'Birthday present',
    });
    ownFigures(res.text);
    const read = await live.get(`/1/charges/${res.body.response.token}`);
    expect(read.body.response).toEqual(res.body.response);
    expect(reached()).toEqual([
      ['/payments', 200, { amount: aud(amount), reference: ours(read.body.response.token) }],
    ]);
  });

  it('authorises, then captures the authorisation (POST /captures by pspReference)', async () => {
    prism.preferNext('card-direct');
    const authorised = await live.post('/1/authorisations', chargeFields({ amount }));
    expect(authorised.status).toBe(201);
    expect(authorised.body.response).toMatchObject({
      token: expect.stringMatching(/^auth_[\w-]{22}$/),
      success: true,
      amount,
      amount_remaining: amount,
      capturable: true,
    });
    const token = authorised.body.response.token;
    const captured = await live.post(`/1/authorisations/${token}/charges`, { amount: 1200 });
    expect(captured.status).toBe(200);
    expect(captured.body.response).toMatchObject({
      token: expect.stringMatching(/^ch_[\w-]{22}$/),
      success: true,
      amount: 1200,
      captured: true,
    });
    ownFigures(captured.text);
    expect((await live.get(`/1/authorisations/${token}`)).body.response).toMatchObject({
      amount_captured: 1200,
      amount_remaining: amount - 1200,
    });
    expect(reached()).toEqual([
      ['/payments', 200, { amount: aud(amount), reference: ours(token) }],
      ['/payments/993617895204576J/captures', 201, { amount: aud(1200), reference: ours(token) }],
    ]);
  });

  it('charges with capture=false, then captures the charge', async () => {
    const held = await charge({ capture: false });
    expect(held.status).toBe(201);
    expect(held.body.response).toMatchObject({ success: true, captured: false, amount });
    const token = held.body.response.token;
    const captured = await live.put(`/1/charges/${token}/capture`, {});
    expect(captured.status).toBe(201);
    expect(captured.body.response).toMatchObject({ token, success: true, captured: true, amount });
    ownFigures(captured.text);
    expect(reached()).toEqual([
      ['/payments', 200, { amount: aud(amount), reference: ours(token) }],
      ['/payments/993617895204576J/captures', 201, { amount: aud(amount), reference: ours(token) }],
    ]);
  });

  it('voids an authorisation (POST /cancels by pspReference)', async () => {
    prism.preferNext('card-direct');
    const authorised = await live.post('/1/authorisations', chargeFields({ amount }));
    expect(authorised.status).toBe(201);
    const token = authorised.body.response.token;
    const voided = await live.put(`/1/authorisations/${token}/void`, {});
    expect(voided.status).toBe(200);
    expect(voided.body.response).toMatchObject({ token, voided: true, capturable: false, amount });
    ownFigures(voided.text);
    expect(reached()).toEqual([
      ['/payments', 200, { amount: aud(amount), reference: ours(token) }],
      ['/payments/993617895204576J/cancels', 201, { reference: ours(token) }],
    ]);
  });

  it('refunds part of a charge: sent to Adyen by the settlement job, settled by its notification', async () => {
    const charged = await charge();
    const token = charged.body.response.token;
    const refunded = await live.post(`/1/charges/${token}/refunds`, { amount: 345 });
    expect(refunded.status).toBe(201);
    const refund = refunded.body.response.token;
    expect(refunded.body.response).toMatchObject({
      token: expect.stringMatching(/^rf_[\w-]{22}$/),
      amount: 345,
      currency: 'AUD',
      charge: token,
      status_message: 'Pending',
    });
    expect(reached()).toEqual([['/payments', 200, { amount: aud(amount), reference: ours(token) }]]);

    // The refund-settlement job (an hour on) sends it; Adyen "received" it: still Pending.
    await advanceClock(own, 61 * 60);
    expect(reached()).toEqual([
      ['/payments', 200, { amount: aud(amount), reference: ours(token) }],
      ['/payments/993617895204576J/refunds', 201, { amount: aud(345), reference: ours(refund) }],
    ]);
    const taken = await live.get(`/1/refunds/${refund}`);
    expect(taken.body.response).toMatchObject({ token: refund, amount: 345, status_message: 'Pending' });
    ownFigures(taken.text);
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      amount: amount,
      amount_refunded: 345,
      refund_pending: true,
    });

    // Adyen's REFUND notification for our refund ends it: Success, with our amount.
    const adyen = adyenNotifications(account);
    const body = adyen.deliveryBody([
      adyen.notificationItem({
        eventCode: 'REFUND',
        pspReference: 'PSPREFUND0000001',
        originalReference: '993617895204576J',
        merchantReference: ours(refund),
        amount: aud(345),
      }),
    ]);
    checkAdyenNotification(body);
    const delivered = await fetch(`${own.live.baseUrl}/adyen/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect([delivered.status, await delivered.text()]).toEqual([200, '[accepted]']);
    const settled = await live.get(`/1/refunds/${refund}`);
    expect(settled.body.response).toMatchObject({ token: refund, amount: 345, status_message: 'Success' });
    ownFigures(settled.text);
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({
      amount_refunded: 345,
      refund_pending: false,
    });
  });

  it('keeps a test-key charge on the simulator: nothing reaches Prism', async () => {
    const res = await test.post('/1/charges', chargeFields({ amount }));
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ success: true, amount, captured: true });
    expect(reached()).toEqual([]);
  });
});

describe('the live environment on Adyen: the CVC, and what each payment is said to be', () => {
  /** What each POST /payments since the last test told Adyen (the payment's kind, whether a CVC went). */
  const told = () =>
    prism.exchanges.filter(({ path }) => path === '/payments').map((exchange) => exchange.told);
  const entered = { shopperInteraction: 'Ecommerce', withCvc: true };
  /** Everything the stack keeps that holds a sealed CVC (an unused card token, a payment not yet settled). */
  const holdingCvc = async () =>
    (await everythingStored(own)).filter(
      (item) => typeof item === 'object' && item !== null && 'sealedCvc' in item,
    );
  const kept = (token: string) => storedPayment(own, { accountId, environment: 'live' }, token);

  it("sends a charge's and an authorisation's CVC with their card, as cards the payer entered, and keeps it after neither", async () => {
    const charged = await charge({ card: cardFields({ number: '4200000000000000', cvc: '737' }) });
    expect(charged.status).toBe(201);
    prism.preferNext('card-direct');
    const authorised = await live.post('/1/authorisations', chargeFields({ amount }));
    expect(authorised.status).toBe(201);
    expect(told()).toEqual([entered, entered]);
    for (const token of [charged.body.response.token, authorised.body.response.token]) {
      const item = await kept(token);
      expect(item).toBeDefined();
      expect(item).not.toHaveProperty('sealedCvc');
      expect(item).not.toHaveProperty('sealedNumber');
    }
    expect(await holdingCvc()).toEqual([]);
  });

  it("holds a card token's CVC sealed until its one charge sends it, then nowhere", async () => {
    const card = await live.post('/1/cards', cardFields({ number: '4200000000000000', cvc: '4321' }));
    expect(card.status).toBe(201);
    const held = await holdingCvc();
    expect(held).toHaveLength(1);
    expect(JSON.stringify(held)).not.toContain('4321');
    const charged = await charge({ card: undefined, card_token: card.body.response.token });
    expect(charged.status).toBe(201);
    expect(told()).toEqual([entered]);
    expect(await kept(charged.body.response.token)).not.toHaveProperty('sealedCvc');
    expect(await holdingCvc()).toEqual([]);
  });

  it("charges a customer's stored card as the payer's on a card kept for them: ContAuth, CardOnFile, no CVC", async () => {
    const customer = await newCustomer(live);
    // The customer's card keeps no CVC, though one came with it.
    expect(await holdingCvc()).toEqual([]);
    const charged = await charge({ card: undefined, customer_token: customer.token });
    expect(charged.status).toBe(201);
    expect(told()).toEqual([
      { shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile', withCvc: false },
    ]);
  });

  it("bills a subscription as its first payment, and its renewal as the merchant's on its schedule", async () => {
    const plan = await newPlan(live);
    const customer = await newCustomer(live);
    prism.preferNext('card-direct');
    const subscription = await subscribe(live, plan.token, customer.token);
    expect(subscription.state).toBe('active');
    expect(told()).toEqual([
      { shopperInteraction: 'Ecommerce', recurringProcessingModel: 'Subscription', withCvc: false },
    ]);
    prism.exchanges.splice(0);
    prism.preferNext('card-direct');
    await advanceClock(own, 32 * 24 * 3600);
    expect(told()).toEqual([
      { shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription', withCvc: false },
    ]);
  });
});
