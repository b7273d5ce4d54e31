import { declineCards, refundFailsCard, successCards } from '@wattle/processor';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsAbout } from '../helpers/events.ts';
import { cardFields, cardTokenNotFound, chargeFields, tokenAlreadyUsed } from '../helpers/fixtures.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const charge = (overrides: Record<string, unknown> = {}) =>
  client.post('/1/charges', chargeFields(overrides));
const withCard = (number: string, overrides: Record<string, unknown> = {}) =>
  charge({ card: cardFields({ number }), ...overrides });

describe('POST /charges', () => {
  it('charges a card and answers the charge object', async () => {
    const res = await charge({ metadata: { order: '1234' }, reference: 'ORDER1234' });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^ch_[\w-]{22}$/),
      success: true,
      amount: 400,
      currency: 'AUD',
      description: 'Birthday present',
      email: 'roland@example.com',
      ip_address: '203.0.113.41',
      created_at: expect.stringMatching(/Z$/),
      status_message: 'Success',
      error_message: null,
      card: expect.objectContaining({
        scheme: 'visa',
        display_number: 'XXXX-XXXX-XXXX-0000',
        customer_token: null,
      }),
      transfer: [],
      amount_refunded: 0,
      total_fees: 37,
      merchant_entitlement: 363,
      platform_fees: 0,
      platform_adjustment: { amount: 0, currency: 'AUD' },
      refund_pending: false,
      authorisation_token: null,
      authorisation_expired: false,
      authorisation_voided: false,
      captured: true,
      captured_at: res.body.response.created_at,
      settlement_currency: 'AUD',
      active_chargebacks: false,
      metadata: { order: '1234' },
    });
    expect(res.body.response.card).not.toHaveProperty('network_type');
    expect(JSON.stringify(res.body)).not.toContain('4200000000000000');
    const fetched = await client.get(`/1/charges/${res.body.response.token}`);
    expect(fetched.body.response).toEqual(res.body.response);
  });

  it('prices foreign and amex cards at their rates', async () => {
    const foreign = await withCard('4242424242424242', { amount: 1000 });
    expect(foreign.body.response.total_fees).toBe(30 + 29);
    const amex = await withCard(successCards.amex, { amount: 1000 });
    expect(amex.body.response.total_fees).toBe(30 + 18);
    const usd = await charge({ amount: 1000, currency: 'usd' });
    expect(usd.body.response).toMatchObject({ currency: 'USD', total_fees: 59 });
  });

  it('records every declined test card and names the charge in the error', async () => {
    for (const [code, numbers] of Object.entries(declineCards)) {
      for (const number of Object.values(numbers)) {
        const res = await withCard(number);
        expect(res.status, `${code} ${number}`).toBe(code === 'gateway_error' ? 502 : 400);
        expect(res.body).toMatchObject({ error: code, charge_token: expect.stringMatching(/^ch_/) });
        expect(res.body.error_description).toEqual(expect.any(String));
      }
    }
    const declined = await withCard(declineCards.card_declined.visa);
    const stored = await client.get(`/1/charges/${declined.body.charge_token}`);
    expect(stored.body.response).toMatchObject({
      success: false,
      status_message: 'Declined',
      error_message: 'The card was declined',
      captured: false,
      total_fees: null,
    });
  });

  it('approves any other valid number, and the refund-failure card', async () => {
    expect((await withCard('5555555555554444')).status).toBe(201);
    expect((await withCard(refundFailsCard)).status).toBe(201);
  });

  it('takes a card token once and a customer’s primary card', async () => {
    const token = (await client.post('/1/cards', cardFields(), { form: true })).body.response.token;
    const first = await charge({ card: undefined, card_token: token });
    expect(first.status).toBe(201);
    expect(first.body.response.card.token).toBe(token);
    const again = await charge({ card: undefined, card_token: token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(tokenAlreadyUsed);

    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    const viaCustomer = await charge({ card: undefined, customer_token: customer.token });
    expect(viaCustomer.status).toBe(201);
    expect(viaCustomer.body.response.card).toMatchObject({
      token: customer.card.token,
      customer_token: customer.token,
      primary: true,
    });
    const theirs = await client.get(`/1/customers/${customer.token}/charges`);
    expect(theirs.body.response.map((c: { token: string }) => c.token)).toEqual([
      viaCustomer.body.response.token,
    ]);
    expect(theirs.body.response[0].authorisation_token).toBeNull();
    expect(theirs.body.pagination.count).toBe(1);
    expect((await charge({ card: undefined, customer_token: 'cus_nobody0000000000000000' })).status).toBe(
      422,
    );
  });

  it('gives one card token to exactly one of many racing charges; the others are told it was used', async () => {
    const own = await newMerchant();
    const ours = api(own.test.baseUrl, own.test.secretKey);
    const token = (await ours.post('/1/cards', cardFields(), { form: true })).body.response.token;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        ours.post('/1/charges', chargeFields({ card: undefined, card_token: token })),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers.map((r) => [r.status, r.body])).toEqual(Array(7).fill([400, tokenAlreadyUsed]));
    const charges = await ours.get('/1/charges');
    expect(charges.body.response.map((c: { card: { token: string } }) => c.card.token)).toEqual([token]);
  });

  it("answers another account's card token, and one never made, as Pin does: 404 not_found", async () => {
    const other = await newMerchant();
    const theirs = api(other.test.baseUrl, other.test.secretKey);
    const token = (await theirs.post('/1/cards', cardFields(), { form: true })).body.response.token;
    for (const cardToken of [token, 'card_nEverMade0000000000000']) {
      const res = await charge({ card: undefined, card_token: cardToken });
      expect([res.status, res.body]).toEqual([404, cardTokenNotFound]);
      const authorised = await client.post(
        '/1/authorisations',
        chargeFields({ card: undefined, card_token: cardToken }),
      );
      expect([authorised.status, authorised.body]).toEqual([404, cardTokenNotFound]);
    }
    // Still theirs, unused: the refusal took nothing from them.
    expect(
      (await theirs.post('/1/charges', chargeFields({ card: undefined, card_token: token }))).status,
    ).toBe(201);
  });

  it("charges a customer's stored cards by their tokens, as often as asked, and keeps them the customer's", async () => {
    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response;
    const other = (
      await client.post(`/1/customers/${customer.token}/cards`, cardFields({ number: '5520000000000000' }))
    ).body.response;
    const byToken = (cardToken: string, more: Record<string, unknown> = {}) =>
      charge({ card: undefined, card_token: cardToken, ...more });

    const first = await byToken(customer.card.token);
    const second = await byToken(customer.card.token);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.response.card).toMatchObject({
      token: customer.card.token,
      customer_token: customer.token,
      primary: true,
    });
    const nonPrimary = await byToken(other.token);
    expect(nonPrimary.status).toBe(201);
    expect(nonPrimary.body.response.card).toMatchObject({ token: other.token, primary: false });
    const cards = await client.get(`/1/customers/${customer.token}/cards`);
    expect(cards.body.response.map((c: { token: string }) => c.token).sort()).toEqual(
      [customer.card.token, other.token].sort(),
    );

    const named = await byToken(other.token, { customer_token: customer.token });
    expect(named.status).toBe(201);
    expect(named.body.response.card).toMatchObject({ token: other.token, customer_token: customer.token });
    const stranger = (await client.post('/1/customers', { email: 's@example.com', card: cardFields() })).body
      .response;
    const notTheirs = await byToken(other.token, { customer_token: stranger.token });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.messages).toEqual([
      {
        param: 'card_token',
        code: 'card_token_invalid',
        message: 'Card token is not a card of this customer',
      },
    ]);

    // A card the customer no longer has, or a customer gone, is no one's card to charge: not found.
    expect((await client.del(`/1/customers/${customer.token}/cards/${other.token}`)).status).toBe(204);
    expect((await byToken(other.token)).status).toBe(404);
    expect((await client.del(`/1/customers/${stranger.token}`)).status).toBe(204);
    expect((await byToken(stranger.card.token)).status).toBe(404);
  });

  it('validates amounts, currencies, metadata and the card source, all at once', async () => {
    const res = await client.post('/1/charges', {
      email: 'x',
      amount: 'abc',
      currency: 'XYZ',
      ip_address: 'nope',
      metadata: { a: { nested: true } },
    });
    expect(res.status).toBe(422);
    expect(res.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'email',
      'description',
      'amount',
      'ip_address',
      'currency',
      'metadata[a]',
      'card',
    ]);
    expect(res.body.messages).toContainEqual({
      param: 'amount',
      code: 'amount_invalid',
      message: 'Amount is not a number',
    });
    const small = await charge({ amount: 99 });
    expect(small.body.messages).toEqual([
      { param: 'amount', code: 'amount_invalid', message: 'Amount must be at least 100' },
    ]);
    expect((await charge({ amount: 50, currency: 'GBP' })).status).toBe(201);
    expect((await charge({ amount: 999, currency: 'HKD' })).body.messages[0].message).toBe(
      'Amount must be at least 1000',
    );
    expect((await charge({ amount: 600001 })).status).toBe(422);
    const many = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`k${i}`, 'v']));
    expect((await charge({ metadata: many })).body.messages[0].param).toBe('metadata');
    expect((await charge({ metadata: { ['k'.repeat(51)]: 'v' } })).status).toBe(422);
    expect((await charge({ metadata: { k: 'v'.repeat(501) } })).status).toBe(422);
    expect(
      (
        await charge({
          metadata: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, 'v'.repeat(500)])),
        })
      ).status,
    ).toBe(201);
    const two = await charge({ card_token: 'card_x' });
    expect(two.body.messages).toContainEqual(expect.objectContaining({ param: 'card_token' }));
  });
});

describe('authorise then capture or void (charges API)', () => {
  it('authorises with capture=false, then captures the full amount once', async () => {
    const auth = await charge({ capture: false });
    expect(auth.status).toBe(201);
    expect(auth.body.response).toMatchObject({
      success: true,
      captured: false,
      captured_at: null,
      authorisation_expired: false,
    });
    const token = auth.body.response.token;
    expect((await client.put(`/1/charges/${token}/capture`, { amount: 300 })).body).toMatchObject({
      error: 'invalid_capture_amount',
      charge_token: token,
    });
    const captured = await client.put(`/1/charges/${token}/capture`);
    expect(captured.status).toBe(201);
    expect(captured.body.response).toMatchObject({
      captured: true,
      captured_at: expect.any(String),
      amount: 400,
    });
    const again = await client.put(`/1/charges/${token}/capture`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'already_captured', charge_token: token });
    expect((await client.put(`/1/charges/${token}/void`)).body.error).toBe('already_captured');
  });

  it('voids an authorisation: no fees, no capture after', async () => {
    const token = (await charge({ capture: false })).body.response.token;
    const voided = await client.put(`/1/charges/${token}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.response).toMatchObject({
      status_message: 'Authorisation Voided',
      authorisation_voided: true,
      total_fees: null,
      merchant_entitlement: null,
      captured: false,
    });
    expect((await client.put(`/1/charges/${token}/void`)).body.error).toBe('already_voided');
    expect((await client.put(`/1/charges/${token}/capture`)).body.error).toBe('already_voided');
  });

  it('answers bad_authorisation for a failed charge, already_captured for a captured one', async () => {
    const failed = await withCard(declineCards.card_declined.visa, { capture: false });
    expect((await client.put(`/1/charges/${failed.body.charge_token}/capture`)).body.error).toBe(
      'bad_authorisation',
    );
    expect((await client.put(`/1/charges/${failed.body.charge_token}/void`)).body.error).toBe(
      'bad_authorisation',
    );
    const captured = (await charge()).body.response.token;
    expect((await client.put(`/1/charges/${captured}/void`)).body.error).toBe('already_captured');
    expect((await client.put('/1/charges/ch_unknown00000000000000000/void')).status).toBe(404);
  });

  it('lets exactly one of ten racing captures and voids win', async () => {
    const token = (await charge({ capture: false })).body.response.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.put(`/1/charges/${token}/${i % 2 ? 'void' : 'capture'}`)),
    );
    const winners = results.filter((r) => r.status === 200 || r.status === 201);
    expect(winners).toHaveLength(1);
    const expected = winners[0]!.status === 201 ? 'already_captured' : 'already_voided';
    for (const loser of results.filter((r) => r.status === 400)) expect(loser.body.error).toBe(expected);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
  });
});

describe('reading charges', () => {
  it('lists newest first and searches by description, amount, date and order', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    for (const [description, amount] of [
      ['Red shoes', 1500],
      ['Blue hat', 700],
      ['Red scarf', 900],
    ] as const) {
      expect((await c.post('/1/charges', chargeFields({ description, amount }))).status).toBe(201);
    }
    const list = await c.get('/1/charges');
    expect(list.body.response.map((x: { description: string }) => x.description)).toEqual([
      'Red scarf',
      'Blue hat',
      'Red shoes',
    ]);
    expect(list.body.pagination).toMatchObject({ count: 3, pages: 1, per_page: 25 });
    const red = await c.get('/1/charges/search?query=red&sort=amount&direction=-1');
    expect(red.body.response.map((x: { amount: number }) => x.amount)).toEqual([1500, 900]);
    expect(red.body.pagination.count).toBe(2);
    expect(
      (await c.get('/1/charges/search?query=700')).body.response.map(
        (x: { description: string }) => x.description,
      ),
    ).toEqual(['Blue hat']);
    expect((await c.get('/1/charges/search?end_date=2000/01/01')).body.response).toEqual([]);
    expect(
      (await c.get('/1/charges/search?start_date=2000/01/01&sort=amount')).body.response.map(
        (x: { amount: number }) => x.amount,
      ),
    ).toEqual([700, 900, 1500]);
    expect((await c.get('/1/charges/search?start_date=01-01-2000')).status).toBe(422);
    expect((await c.get('/1/charges/search?sort=name')).status).toBe(422);
  });

  it('searches by the payer’s e-mail too, as Pin does', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    for (const [description, email] of [
      ['Red shoes', 'alice@shop.example'],
      ['Blue hat', 'bob@other.example'],
    ] as const) {
      expect((await c.post('/1/charges', chargeFields({ description, email }))).status).toBe(201);
    }
    const descriptionsFor = async (query: string) =>
      (await c.get(`/1/charges/search?query=${encodeURIComponent(query)}`)).body.response.map(
        (x: { description: string }) => x.description,
      );
    expect(await descriptionsFor('ALICE@shop')).toEqual(['Red shoes']);
    expect(await descriptionsFor('.example')).toEqual(['Red shoes', 'Blue hat']);
    expect(await descriptionsFor('carol@')).toEqual([]);
  });

  it('keeps another merchant out', async () => {
    const token = (await charge()).body.response.token;
    const other = await newMerchant();
    const intruder = api(other.test.baseUrl, other.test.secretKey);
    expect((await intruder.get(`/1/charges/${token}`)).status).toBe(404);
    expect((await intruder.put(`/1/charges/${token}/capture`)).status).toBe(404);
    expect(
      (await api(merchant.live.baseUrl, merchant.live.secretKey).get(`/1/charges/${token}`)).status,
    ).toBe(404);
  });
});

describe('3-D Secure', () => {
  const threeDs = (fallbackOk = false) => ({
    three_d_secure: {
      enabled: true,
      callback_url: 'https://shop.example/back?order=1',
      fallback_ok: fallbackOk,
    },
  });

  it('is unavailable in the test environment unless fallback_ok lets the charge go on', async () => {
    const refused = await charge(threeDs());
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('three_d_secure_unavailable');
    expect((await charge(threeDs(true))).status).toBe(201);
    expect((await client.get('/1/charges/verify?session_token=se_x')).status).toBe(403);
  });

  it('sends the payer to the issuer page and back, then verifies the charge (live)', async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const pending = await live.post('/1/charges', chargeFields(threeDs()));
    expect(pending.status).toBe(202);
    expect(pending.body.response).toEqual({
      token: expect.stringMatching(/^ch_/),
      status_message: 'Pending',
      redirect_url: expect.stringMatching(/\/live\/1\/three_d_secure\/se_[\w-]{22}$/),
    });
    const page = await fetch(pending.body.response.redirect_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authenticate');
    const answer = await fetch(pending.body.response.redirect_url, {
      method: 'POST',
      body: new URLSearchParams({ result: 'authenticated' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://shop.example/back');
    const session = back.searchParams.get('session_token')!;
    expect(back.searchParams.get('order')).toBe('1');
    const verified = await live.get(`/1/charges/verify?session_token=${session}`);
    expect(verified.status).toBe(200);
    expect(verified.body.response).toMatchObject({
      token: pending.body.response.token,
      success: true,
      captured: true,
    });
    expect(verified.body.response).not.toHaveProperty('transfer');
    expect((await live.get('/1/charges/verify?session_token=se_unknown000000000000000')).status).toBe(404);
    const other = await newMerchant();
    expect(
      (await api(other.live.baseUrl, other.live.secretKey).get(`/1/charges/verify?session_token=${session}`))
        .status,
    ).toBe(404);
  });

  it('declines the charge when authentication fails, and refuses cards without 3-D Secure', async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const pending = await live.post('/1/charges', chargeFields(threeDs()));
    await fetch(pending.body.response.redirect_url, {
      method: 'POST',
      body: new URLSearchParams({ result: 'failed' }),
      redirect: 'manual',
    });
    const stored = await live.get(`/1/charges/${pending.body.response.token}`);
    expect(stored.body.response).toMatchObject({ success: false, error_message: 'The card was declined' });
    const amex = await live.post(
      '/1/charges',
      chargeFields({ ...threeDs(), card: cardFields({ number: successCards.amex }) }),
    );
    expect(amex.body.error).toBe('three_d_secure_unavailable');
  });

  it('refuses a callback_url that is not an http or https URL', async () => {
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const res = await live.post(
      '/1/charges',
      chargeFields({ three_d_secure: { enabled: true, callback_url: 'javascript:alert(document.cookie)' } }),
    );
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      {
        param: 'three_d_secure[callback_url]',
        code: 'three_d_secure_callback_url_invalid',
        message: 'Three d secure callback url must be an http or https URL',
      },
    ]);
  });
});

describe('3-D Secure passed through (authenticated by the merchant)', () => {
  const authentication = {
    version: '2.2.0',
    eci: '05',
    cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
    transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
  };
  it('charges at once in test and in live, without a redirect, the authentication not echoed', async () => {
    for (const environment of ['test', 'live'] as const) {
      const c = api(merchant[environment].baseUrl, merchant[environment].secretKey);
      const res = await c.post('/1/charges', chargeFields({ three_d_secure: authentication }));
      expect(res.status, environment).toBe(201);
      expect(res.body.response).toMatchObject({ success: true, captured: true, status_message: 'Success' });
      expect(res.body.response).not.toHaveProperty('redirect_url');
      expect(JSON.stringify(res.body)).not.toContain(authentication.cavv);
    }
  });

  it('answers 422 naming the params of half a pass-through or of the two forms mixed', async () => {
    const half = await charge({ three_d_secure: { eci: '05', cavv: authentication.cavv } });
    expect(half.status).toBe(422);
    expect(half.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'three_d_secure[version]',
      'three_d_secure[transaction_id]',
    ]);
    const mixed = await charge({
      three_d_secure: { ...authentication, enabled: true, callback_url: 'https://shop.example/back' },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'three_d_secure[enabled]',
      'three_d_secure[callback_url]',
    ]);
    const malformed = await charge({ three_d_secure: { ...authentication, cavv: 'abc', eci: '5' } });
    expect(malformed.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'three_d_secure[eci]',
      'three_d_secure[cavv]',
    ]);
  });

  it('charges with an ECI another scheme would give (the scheme judges it, as behind Pin), not with one that is no ECI', async () => {
    // A Visa with Mastercard's 02, and a Mastercard with 06 as Active Merchant's tests send it.
    const visa = await charge({ three_d_secure: { ...authentication, eci: '02' } });
    expect(visa.status, JSON.stringify(visa.body)).toBe(201);
    const mastercard = await withCard('5520000000000000', {
      three_d_secure: { ...authentication, eci: '06' },
    });
    expect(mastercard.status, JSON.stringify(mastercard.body)).toBe(201);
    const none = await charge({ three_d_secure: { ...authentication, eci: '09' } });
    expect(none.status).toBe(422);
    expect(none.body.messages).toEqual([
      {
        param: 'three_d_secure[eci]',
        code: 'three_d_secure_eci_invalid',
        message: 'Three d secure eci must be two digits from 00 to 07',
      },
    ]);
    expect(none.body).not.toHaveProperty('charge_token');
  });
});

describe('charge events', () => {
  it('records charge.captured, charge.authorised, charge.voided and charge.failed with the charge as data', async () => {
    const stack = useStack();
    const captured = (await charge()).body.response.token;
    const authorised = (await charge({ capture: false })).body.response.token;
    await client.put(`/1/charges/${authorised}/void`);
    const failed = (await withCard(declineCards.insufficient_funds.visa)).body.charge_token;
    expect((await eventsAbout(stack, captured)).map((e) => e.type)).toEqual(['charge.captured']);
    expect((await eventsAbout(stack, authorised)).map((e) => e.type)).toEqual([
      'charge.authorised',
      'charge.voided',
    ]);
    const [failure] = await eventsAbout(stack, failed);
    expect(failure).toMatchObject({
      type: 'charge.failed',
      data: { token: failed, success: false, authorisation_token: null },
    });
    expect(failure!.raw).not.toContain('4000000000000002');
  });
});

describe('Idempotency-Key on POST /charges (claimed with the charge’s own writes)', () => {
  const keyed = (key: string, overrides: Record<string, unknown> = {}) =>
    client.post('/1/charges', chargeFields(overrides), { headers: { 'Idempotency-Key': key } });
  const replays = (again: { status: number; body: unknown; headers: Headers }, first: typeof again) => {
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect([again.status, again.body]).toEqual([first.status, first.body]);
  };

  it('replays a card token’s charge and a customer’s, and refuses another charge under their keys', async () => {
    const token = (await client.post('/1/cards', cardFields(), { form: true })).body.response.token;
    const customer = (await client.post('/1/customers', { email: 'c@example.com', card: cardFields() })).body
      .response.token;
    for (const source of [{ card_token: token }, { customer_token: customer }]) {
      const key = crypto.randomUUID();
      const first = await keyed(key, { card: undefined, ...source });
      expect(first.status).toBe(201);
      replays(await keyed(key, { card: undefined, ...source }), first);
      const other = await keyed(key, { card: undefined, ...source, amount: 500 });
      expect([other.status, other.body.error]).toEqual([422, 'idempotency_key_reused']);
      // Refused before anything: the first charge is the only one under the key.
      replays(await keyed(key, { card: undefined, ...source }), first);
    }
  });

  it('keeps a refusal that never reached the charge’s writes: replayed, and another request refused', async () => {
    const key = crypto.randomUUID();
    const first = await keyed(key, { amount: 10 });
    expect(first.status).toBe(422);
    replays(await keyed(key, { amount: 10 }), first);
    const other = await keyed(key);
    expect([other.status, other.body.error]).toEqual([422, 'idempotency_key_reused']);
  });

  it('replays a decline, and a charge whose payer is sent to 3-D Secure', async () => {
    const key = crypto.randomUUID();
    const declined = await keyed(key, { card: cardFields({ number: declineCards.card_declined.visa }) });
    expect(declined.status).toBe(400);
    replays(await keyed(key, { card: cardFields({ number: declineCards.card_declined.visa }) }), declined);

    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const threeDs = chargeFields({
      three_d_secure: { enabled: true, callback_url: 'https://shop.example/back?order=1' },
    });
    const pending = await live.post('/1/charges', threeDs, { headers });
    expect(pending.status).toBe(202);
    replays(await live.post('/1/charges', threeDs, { headers }), pending);
  });
});

describe('Idempotency-Key and the kind of API key', () => {
  it('keeps a key a publishable-key request used from the secret-key charge with the same key', async () => {
    const own = await newMerchant();
    const headers = { 'Idempotency-Key': 'order-123' };
    const card = await api(own.test.baseUrl, null).post(
      '/1/cards',
      cardFields({ publishable_api_key: own.test.publishableKey }),
      { form: true, headers },
    );
    expect(card.status).toBe(201);
    const secret = api(own.test.baseUrl, own.test.secretKey);
    const first = await secret.post('/1/charges', chargeFields(), { headers });
    expect(first.status).toBe(201);
    const again = await secret.post('/1/charges', chargeFields(), { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
