import { declineCards } from '@wattle/processor';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, api, newMerchant, useStack } from '../helpers/stack.ts';

let client: Api;

beforeAll(async () => {
  const merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const authorise = (overrides: Record<string, unknown> = {}) =>
  client.post('/1/authorisations', chargeFields({ amount: 1000, ...overrides }));

describe('authorisations', () => {
  it('creates an authorisation, reserved and capturable', async () => {
    const res = await authorise();
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^auth_[\w-]{22}$/),
      success: true,
      amount: 1000,
      amount_captured: 0,
      amount_remaining: 1000,
      currency: 'AUD',
      description: 'Birthday present',
      email: 'roland@example.com',
      ip_address: '203.0.113.41',
      created_at: expect.any(String),
      status_message: 'Success',
      error_message: null,
      card: expect.objectContaining({ scheme: 'visa', network_type: null, network_format: null }),
      settlement_currency: 'AUD',
      expired: false,
      voided: false,
      voided_at: null,
      capturable: true,
      metadata: {},
    });
    const list = await client.get('/1/authorisations');
    expect(list.body.response[0].token).toBe(res.body.response.token);
    expect(list.body.pagination).toMatchObject({ current: 1, per_page: 25 });
    expect((await client.get(`/1/authorisations/${res.body.response.token}`)).body.response).toEqual(
      res.body.response,
    );
    expect((await client.get('/1/authorisations/auth_unknown000000000000000')).status).toBe(404);
    // Authorisations are not charges.
    expect((await client.get(`/1/charges/${res.body.response.token}`)).status).toBe(404);
  });

  it("authorises on a customer's stored card named by its token, alone or with the customer's", async () => {
    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    const byToken = await authorise({ card: undefined, card_token: customer.card.token });
    const named = await authorise({
      card: undefined,
      card_token: customer.card.token,
      customer_token: customer.token,
    });
    expect([byToken.status, named.status]).toEqual([201, 201]);
    expect(named.body.response.card).toMatchObject({
      token: customer.card.token,
      customer_token: customer.token,
    });
    const unused = (await client.post('/1/cards', cardFields(), { form: true })).body.response.token;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => authorise({ card: undefined, card_token: unused })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
  });

  it('records a decline and names the authorisation in the error', async () => {
    const res = await authorise({ card: cardFields({ number: declineCards.suspected_fraud.mastercard }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'suspected_fraud',
      authorisation_token: expect.stringMatching(/^auth_/),
    });
    const stored = await client.get(`/1/authorisations/${res.body.authorisation_token}`);
    expect(stored.body.response).toMatchObject({ success: false, capturable: false, amount_remaining: 0 });
    const capture = await client.post(`/1/authorisations/${res.body.authorisation_token}/charges`, {
      amount: 500,
    });
    expect(capture.body).toMatchObject({
      error: 'bad_authorisation',
      authorisation_token: res.body.authorisation_token,
    });
  });

  it('captures part of the amount once, as a charge naming the authorisation', async () => {
    const token = (await authorise()).body.response.token;
    const tooSmall = await client.post(`/1/authorisations/${token}/charges`, { amount: 99 });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.messages[0].message).toBe('Amount must be at least 100');
    expect((await client.post(`/1/authorisations/${token}/charges`, { amount: 1001 })).status).toBe(422);
    expect(
      (await client.post(`/1/authorisations/${token}/charges`, { amount: 'x' })).body.messages[0].message,
    ).toBe('Amount is not a number');
    const charged = await client.post(`/1/authorisations/${token}/charges`, { amount: 600 });
    expect(charged.status).toBe(200);
    expect(charged.body.response).toMatchObject({
      token: expect.stringMatching(/^ch_/),
      amount: 600,
      captured: true,
      authorisation_token: token,
      total_fees: 30 + 11,
    });
    const after = (await client.get(`/1/authorisations/${token}`)).body.response;
    expect(after).toMatchObject({ amount_captured: 600, amount_remaining: 400, capturable: false });
    expect((await client.post(`/1/authorisations/${token}/charges`, { amount: 100 })).body.error).toBe(
      'already_captured',
    );
    expect((await client.put(`/1/authorisations/${token}/void`)).body.error).toBe('already_captured');
    const asCharge = await client.get(`/1/charges/${charged.body.response.token}`);
    expect(asCharge.body.response.authorisation_token).toBe(token);
  });

  it('voids once; a voided authorisation cannot be captured', async () => {
    const token = (await authorise()).body.response.token;
    const voided = await client.put(`/1/authorisations/${token}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.response).toMatchObject({
      status_message: 'Authorisation Voided',
      voided: true,
      voided_at: expect.any(String),
      capturable: false,
      amount_remaining: 0,
    });
    expect((await client.put(`/1/authorisations/${token}/void`)).body).toMatchObject({
      error: 'already_voided',
      authorisation_token: token,
    });
    expect((await client.post(`/1/authorisations/${token}/charges`, { amount: 500 })).body.error).toBe(
      'already_voided',
    );
  });

  it('lets exactly one of ten racing captures win', async () => {
    const token = (await authorise()).body.response.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => client.post(`/1/authorisations/${token}/charges`, { amount: 500 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 200))
      expect(loser.body.error).toBe('already_captured');
    const charges = (await client.get('/1/charges')).body.response.filter(
      (c: { authorisation_token?: string }) => c.authorisation_token === token,
    );
    expect(charges).toHaveLength(1);
  });

  it('records charge.authorised and charge.captured', async () => {
    const token = (await authorise()).body.response.token;
    const charge = (await client.post(`/1/authorisations/${token}/charges`, { amount: 1000 })).body.response
      .token;
    expect((await eventsAbout(useStack(), token)).map((e) => e.type)).toEqual([
      'charge.authorised',
      'charge.captured',
    ]);
    expect((await eventsAbout(useStack(), charge))[0]?.data).toMatchObject({
      token: charge,
      authorisation_token: token,
    });
  });
});
