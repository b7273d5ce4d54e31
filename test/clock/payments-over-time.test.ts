import { refundFailsCard } from '@wattle/processor';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, advanceClock, api, newMerchant, useClockStack } from '../helpers/stack.ts';
import { storedPayment } from '../helpers/stored.ts';

// Moves the clock: it runs on the clock stack (useClockStack).
const stack = useClockStack();
let client: Api;
const day = 86400;

beforeAll(async () => {
  client = api(stack.test.baseUrl, stack.test.secretKey);
});

const charge = (overrides: Record<string, unknown> = {}) =>
  client.post('/1/charges', chargeFields(overrides));

describe('authorisation expiry', () => {
  it('expires authorised charges and authorisations five days after creation', async () => {
    const heldCharge = (await charge({ capture: false })).body.response.token;
    const heldAuth = (await client.post('/1/authorisations', chargeFields())).body.response.token;
    await advanceClock(stack, 4 * day);
    expect((await client.get(`/1/charges/${heldCharge}`)).body.response.authorisation_expired).toBe(false);
    await advanceClock(stack, day + 60);
    expect((await client.get(`/1/charges/${heldCharge}`)).body.response.authorisation_expired).toBe(true);
    const capture = await client.put(`/1/charges/${heldCharge}/capture`);
    expect(capture.body).toMatchObject({ error: 'authorisation_expired', charge_token: heldCharge });
    expect((await client.put(`/1/charges/${heldCharge}/void`)).body.error).toBe('authorisation_expired');
    const auth = (await client.get(`/1/authorisations/${heldAuth}`)).body.response;
    expect(auth).toMatchObject({ expired: true, capturable: false });
    expect((await client.post(`/1/authorisations/${heldAuth}/charges`, { amount: 400 })).body.error).toBe(
      'authorisation_expired',
    );
  });
});

describe('refunds', () => {
  it('refunds in part and in full, never past the charge, and settles by the scheduler', async () => {
    // Refunds come out of the balance: another charge's proceeds cover the fees this one kept.
    await charge({ amount: 1000 });
    const token = (await charge({ amount: 1000 })).body.response.token;
    const part = await client.post(`/1/charges/${token}/refunds`, { amount: 300 });
    expect(part.status).toBe(201);
    expect(part.body.response).toEqual({
      token: expect.stringMatching(/^rf_[\w-]{22}$/),
      success: null,
      amount: 300,
      currency: 'AUD',
      charge: token,
      created_at: expect.any(String),
      error_message: null,
      status_message: 'Pending',
    });
    expect((await client.get(`/1/charges/${token}`)).body.response).toMatchObject({
      amount_refunded: 300,
      refund_pending: true,
    });
    const tooMuch = await client.post(`/1/charges/${token}/refunds`, { amount: 701 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.messages[0]).toMatchObject({ param: 'amount', code: 'amount_invalid' });
    const rest = await client.post(`/1/charges/${token}/refunds`);
    expect(rest.body.response.amount).toBe(700);
    expect((await client.post(`/1/charges/${token}/refunds`)).status).toBe(422);

    const listed = await client.get(`/1/charges/${token}/refunds`);
    expect(listed.body.response.map((r: { amount: number }) => r.amount)).toEqual([700, 300]);
    expect(listed.body.pagination).toMatchObject({ count: 2, pages: 1 });

    await advanceClock(stack, 3600);
    const settled = await client.get(`/1/refunds/${part.body.response.token}`);
    expect(settled.body.response.status_message).toBe('Success');
    expect((await client.get(`/1/charges/${token}`)).body.response).toMatchObject({
      amount_refunded: 1000,
      refund_pending: false,
    });
    expect((await eventsAbout(stack, part.body.response.token)).map((e) => e.type)).toEqual([
      'refund.created',
      'refund.succeeded',
    ]);
    expect((await client.get('/1/refunds')).body.response.length).toBeGreaterThanOrEqual(2);
  });

  it('never lets concurrent refunds exceed the charge', async () => {
    const token = (await charge({ amount: 500 })).body.response.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.post(`/1/charges/${token}/refunds`, { amount: 100 })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    expect((await client.get(`/1/charges/${token}`)).body.response.amount_refunded).toBe(500);
  });

  it('gives the amount back when a refund fails at settlement', async () => {
    const token = (await charge({ amount: 800, card: cardFields({ number: refundFailsCard }) })).body.response
      .token;
    const refund = (await client.post(`/1/charges/${token}/refunds`, { amount: 800 })).body.response.token;
    await advanceClock(stack, 3600);
    const failed = (await client.get(`/1/refunds/${refund}`)).body.response;
    expect(failed).toMatchObject({ status_message: 'Failed', error_message: expect.any(String) });
    expect((await client.get(`/1/charges/${token}`)).body.response).toMatchObject({
      amount_refunded: 0,
      refund_pending: false,
    });
    expect((await eventsAbout(stack, refund)).map((e) => e.type)).toEqual([
      'refund.created',
      'refund.failed',
    ]);
  });

  it('refuses refunds of charges that were not captured', async () => {
    const held = (await charge({ capture: false })).body.response.token;
    expect((await client.post(`/1/charges/${held}/refunds`)).status).toBe(422);
    expect((await client.post('/1/charges/ch_unknown00000000000000000/refunds')).status).toBe(404);
    expect((await client.get('/1/refunds/rf_unknown00000000000000000')).status).toBe(404);
  });
});

describe('balance', () => {
  it('holds captured proceeds as pending for the settlement delay, less refunds once available', async () => {
    const own = await newMerchant(stack);
    const c = api(own.test.baseUrl, own.test.secretKey);
    expect((await c.get('/1/balance')).body.response).toEqual({ available: [], pending: [] });
    const token = (await c.post('/1/charges', chargeFields({ amount: 1000 }))).body.response.token;
    await c.post('/1/charges', chargeFields({ amount: 1000, capture: false }));
    expect((await c.get('/1/balance')).body.response).toEqual({
      available: [{ amount: 0, currency: 'AUD' }],
      pending: [{ amount: 952, currency: 'AUD' }],
    });
    await advanceClock(stack, 5 * day);
    expect((await c.get('/1/balance')).body.response.available).toEqual([{ amount: 952, currency: 'AUD' }]);
    await c.post(`/1/charges/${token}/refunds`, { amount: 100 });
    expect((await c.get('/1/balance')).body.response).toEqual({
      available: [{ amount: 852, currency: 'AUD' }],
      pending: [{ amount: 852, currency: 'AUD' }],
    });
    await c.post('/1/charges', chargeFields({ amount: 2000, currency: 'NZD' }));
    expect((await c.get('/1/balance')).body.response.pending).toEqual([
      { amount: 852, currency: 'AUD' },
      { amount: 2000 - 88, currency: 'NZD' },
    ]);
  });
});

describe('3-D Secure sessions', () => {
  it('decline the charge and drop its card number when the payer never answers within 30 minutes', async () => {
    const merchant = await newMerchant(stack);
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const pending = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'https://shop.example/back' } }),
    );
    expect(pending.status).toBe(202);
    const { token, redirect_url: redirect } = pending.body.response;
    const session = new URL(redirect).pathname.split('/').at(-1);
    const stored = () => storedPayment(stack, { accountId: merchant.accountId, environment: 'live' }, token);
    // The processor holds the 3-D Secure authorisation: the card number is dropped at once.
    expect((await stored())?.sealedNumber).toBeUndefined();

    await advanceClock(stack, 29 * 60);
    expect((await live.get(`/1/charges/${token}`)).body.response.status_message).toBe('Pending');
    await advanceClock(stack, 2 * 60);
    const expired = (await live.get(`/1/charges/verify?session_token=${session}`)).body.response;
    expect(expired).toMatchObject({ token, success: false, captured: false });
    expect(expired.status_message).not.toBe('Pending');
    expect((await stored())?.sealedNumber).toBeUndefined();
    expect((await eventsAbout(stack, token)).map((e) => e.type)).toEqual(['charge.failed']);

    // An answer after the end changes nothing: the payer goes back, the charge stays declined.
    const late = await fetch(redirect, {
      method: 'POST',
      body: new URLSearchParams({ result: 'authenticated' }),
      redirect: 'manual',
    });
    expect(late.status).toBe(303);
    expect((await live.get(`/1/charges/${token}`)).body.response).toMatchObject({ success: false });
  });
});
