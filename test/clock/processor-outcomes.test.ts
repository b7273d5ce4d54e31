import type { Scope } from '@wattle/domain';
import { declineCards, processorOutcomeCards, successCards } from '@wattle/processor';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, advanceClock, api, type Merchant, newMerchant, useClockStack } from '../helpers/stack.ts';
import { storedPayment } from '../helpers/stored.ts';

// Every outcome of the payment processor port through the public API, on the simulator's test
// cards. Moves the clock (the recovery job resolves unknown outcomes): the clock stack.
const stack = useClockStack();
let merchant: Merchant;
let client: Api;
let scope: Scope;

beforeAll(async () => {
  merchant = await newMerchant(stack);
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
  scope = { accountId: merchant.accountId, environment: 'test' };
});

const withCard = (number: string, overrides: Record<string, unknown> = {}, headers = {}) =>
  client.post('/1/charges', chargeFields({ card: cardFields({ number }), ...overrides }), { headers });

const stored = (token: string) => storedPayment(stack, scope, token);

describe('approved', () => {
  it("keeps the processor's reference on the payment and never shows it", async () => {
    const res = await withCard(successCards.visa);
    expect(res.status).toBe(201);
    const { token } = res.body.response;
    expect((await stored(token))?.payment.processorReference).toBe(`sim.plain.${token}`);
    expect(res.text).not.toContain('sim.');
    expect((await client.get(`/1/charges/${token}`)).text).not.toContain('sim.');
  });
});

describe('declined', () => {
  it("answers Pin's code and keeps the processor's own", async () => {
    const res = await withCard(declineCards.insufficient_funds.visa);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'insufficient_funds' });
    const item = await stored(res.body.charge_token);
    expect(item?.payment).toMatchObject({
      state: 'failed',
      decline: 'insufficient_funds',
      processorOutcome: { code: 'insufficient_funds', reason: expect.any(String) },
    });
    expect(res.text).not.toContain('Simulated');
  });
});

describe('not processed', () => {
  it('is the only answer that is gateway_error: nothing was made', async () => {
    const res = await withCard(declineCards.gateway_error.visa);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('gateway_error');
    expect((await stored(res.body.charge_token))?.payment.state).toBe('failed');
  });
});

describe('unknown', () => {
  it('answers the charge Pending (never an error to retry), then the recovery job resolves it by its token', async () => {
    const headers = { 'Idempotency-Key': `unknown-${Date.now()}` };
    const res = await withCard(processorOutcomeCards.unknownOutcome, {}, headers);
    expect(res.status).toBe(202);
    const { token } = res.body.response;
    expect(res.body.response).toMatchObject({
      success: false,
      status_message: 'Pending',
      error_message: null,
      captured: false,
      total_fees: null,
    });
    // Listed, and the same request again answers it as it stands: no second authorisation.
    expect((await client.get('/1/charges')).body.response.map((c: { token: string }) => c.token)).toContain(
      token,
    );
    const again = await withCard(processorOutcomeCards.unknownOutcome, {}, headers);
    expect(again.status).toBe(202);
    expect(again.body.response.token).toBe(token);
    // Its card number is gone: a resolution needs only our token.
    expect((await stored(token))?.sealedNumber).toBeUndefined();
    expect(await eventsAbout(stack, token)).toEqual([]);

    await advanceClock(stack, 3 * 60);
    const resolved = (await client.get(`/1/charges/${token}`)).body.response;
    expect(resolved).toMatchObject({ success: false, status_message: 'Declined', captured: false });
    expect(resolved.error_message).toMatch(/upstream error/);
    expect((await stored(token))?.payment).toMatchObject({
      decline: 'gateway_error',
      processorOutcome: { code: 'not_found' },
    });
    expect((await eventsAbout(stack, token)).map((e) => e.type)).toEqual(['charge.failed']);
  });

  it('answers an authorisation Pending too', async () => {
    const res = await client.post(
      '/1/authorisations',
      chargeFields({ card: cardFields({ number: processorOutcomeCards.unknownOutcome }) }),
    );
    expect(res.status).toBe(202);
    expect(res.body.response).toMatchObject({ success: false, status_message: 'Pending' });
  });
});

describe('pending at the processor', () => {
  it('a pending capture shows captured at once, its proceeds credited, awaiting its notification', async () => {
    const held = await withCard(processorOutcomeCards.capturePending, { capture: false });
    const { token } = held.body.response;
    const captured = await client.put(`/1/charges/${token}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.response).toMatchObject({ captured: true, status_message: 'Success' });
    expect((await stored(token))?.payment.capturePending).toBe(true);
  });

  it('a pending void shows voided at once', async () => {
    const held = await withCard(processorOutcomeCards.voidPending, { capture: false });
    const voided = await client.put(`/1/charges/${held.body.response.token}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.response).toMatchObject({ authorisation_voided: true });
  });

  it('a pending refund stays Pending until the processor settles it', async () => {
    await withCard(successCards.visa, { amount: 5000 });
    const charge = (await withCard(processorOutcomeCards.refundPending, { amount: 1000 })).body.response;
    const refund = (await client.post(`/1/charges/${charge.token}/refunds`, { amount: 400 })).body.response;
    expect(refund.status_message).toBe('Pending');
    expect((await client.get(`/1/charges/${charge.token}`)).body.response.refund_pending).toBe(true);
  });
});

// The simulator's pending cards settle by themselves: its notification comes 2 minutes (of the
// stack's clock) after it took the capture, void or refund, as docs/guide/test-cards.md says.
describe('pending at the processor, settled by the simulator', () => {
  const typesAbout = async (token: string) => (await eventsAbout(stack, token)).map((e) => e.type);

  it('confirms a pending capture, and fails the other card’s, its proceeds taken back and nothing left to refund', async () => {
    const confirmed = (await withCard(processorOutcomeCards.capturePending, { capture: false })).body
      .response;
    const failing = (await withCard(processorOutcomeCards.captureFailsLater, { capture: false })).body
      .response;
    for (const held of [confirmed, failing])
      expect((await client.put(`/1/charges/${held.token}/capture`)).body.response).toMatchObject({
        captured: true,
        status_message: 'Success',
      });
    expect((await stored(failing.token))?.payment.capturePending).toBe(true);

    await advanceClock(stack, 4 * 60);
    expect((await stored(confirmed.token))?.payment.capturePending).toBeUndefined();
    expect((await client.get(`/1/charges/${confirmed.token}`)).body.response).toMatchObject({
      success: true,
      captured: true,
    });
    expect(await typesAbout(confirmed.token)).toEqual(['charge.authorised', 'charge.captured']);

    const failed = (await client.get(`/1/charges/${failing.token}`)).body.response;
    expect(failed).toMatchObject({ success: false, captured: false, status_message: 'Declined' });
    expect(failed.error_message).toEqual(expect.any(String));
    expect((await stored(failing.token))?.payment).toMatchObject({
      state: 'failed',
      decline: 'processing_error',
    });
    expect(await typesAbout(failing.token)).toEqual([
      'charge.authorised',
      'charge.captured',
      'charge.failed',
    ]);
    const refund = await client.post(`/1/charges/${failing.token}/refunds`, { amount: 100 });
    expect(refund.status).toBeGreaterThanOrEqual(400);
    expect(refund.status).toBeLessThan(500);
  });

  it('leaves a pending void voided once it settles', async () => {
    const held = (await withCard(processorOutcomeCards.voidPending, { capture: false })).body.response;
    await client.put(`/1/charges/${held.token}/void`);
    await advanceClock(stack, 4 * 60);
    expect((await client.get(`/1/charges/${held.token}`)).body.response).toMatchObject({
      authorisation_voided: true,
    });
  });

  it('succeeds one card’s pending refund and fails the other’s, giving its amount back', async () => {
    await withCard(successCards.visa, { amount: 5000 });
    const succeeding = (await withCard(processorOutcomeCards.refundPending, { amount: 1000 })).body.response;
    const failing = (await withCard(processorOutcomeCards.refundFailsLater, { amount: 1000 })).body.response;
    const toSucceed = (await client.post(`/1/charges/${succeeding.token}/refunds`, { amount: 400 })).body
      .response;
    const toFail = (await client.post(`/1/charges/${failing.token}/refunds`, { amount: 400 })).body.response;

    // The refund job sends them, the processor takes them as pending, then tells how they ended.
    await advanceClock(stack, 4 * 60 * 60);
    expect((await client.get(`/1/refunds/${toSucceed.token}`)).body.response.status_message).toBe('Success');
    expect((await client.get(`/1/charges/${succeeding.token}`)).body.response).toMatchObject({
      refund_pending: false,
      amount_refunded: 400,
    });
    expect(await typesAbout(toSucceed.token)).toEqual(['refund.created', 'refund.succeeded']);

    expect((await client.get(`/1/refunds/${toFail.token}`)).body.response.status_message).toBe('Failed');
    expect((await client.get(`/1/charges/${failing.token}`)).body.response).toMatchObject({
      refund_pending: false,
      amount_refunded: 0,
    });
    expect(await typesAbout(toFail.token)).toEqual(['refund.created', 'refund.failed']);
    // What the failed refund took is refundable again.
    expect((await client.post(`/1/charges/${failing.token}/refunds`, { amount: 1000 })).status).toBe(201);
  });
});

describe('3-D Secure run by the processor', () => {
  it("answers as Pin's 3-D Secure charge; the payer's return is completed by the processor", async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const liveScope: Scope = { accountId: merchant.accountId, environment: 'live' };
    const pending = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'https://shop.example/back' } }),
    );
    expect(pending.status).toBe(202);
    const { token, redirect_url: page } = pending.body.response;
    const item = () => storedPayment(stack, liveScope, token);
    // The processor was asked: it sends the payer to the session's page (the simulator's issuer).
    expect((await item())?.payment.processorRedirect).toMatchObject({ url: page, method: 'GET' });
    expect(pending.text).not.toContain('processorRedirect');
    const answer = await fetch(page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=authenticated',
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^https:\/\/shop\.example\/back\?session_token=se_/);
    expect((await item())?.payment).toMatchObject({
      state: 'captured',
      processorReference: `sim.plain.${token}`,
    });
  });

  it('declines a charge whose processor asks for 3-D Secure the merchant did not ask for', async () => {
    const res = await withCard(processorOutcomeCards.threeDSecureRequired);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('card_declined');
    expect((await stored(res.body.charge_token))?.payment.processorOutcome).toMatchObject({
      code: 'authentication_required',
    });
  });
});
