import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, cardTokenNotFound, notATestCardNumber, tokenAlreadyUsed } from '../helpers/fixtures.ts';
import { type Api, api, type Merchant, newCustomer, newMerchant } from '../helpers/stack.ts';

let merchant: Merchant;
let client: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

const newCardToken = async (number = '4200000000000000'): Promise<string> => {
  const res = await client.post('/1/cards', cardFields({ number }), { form: true });
  expect(res.status).toBe(201);
  return res.body.response.token;
};

const cardsOf = async (customerToken: string) => {
  const res = await client.get(`/1/customers/${customerToken}/cards`);
  expect(res.status).toBe(200);
  return res.body.response as Array<{ token: string; primary: boolean }>;
};

describe('POST /customers', () => {
  it('creates a customer with a card object (form fields with brackets)', async () => {
    const form = {
      email: 'roland@example.com',
      first_name: 'Roland',
      last_name: 'Robot',
      phone_number: '1300 364 800',
      company: 'Pin',
      notes: 'VIP',
    };
    const cardForm = Object.fromEntries(Object.entries(cardFields()).map(([k, v]) => [`card[${k}]`, v]));
    const res = await client.post('/1/customers', { ...form, ...cardForm }, { form: true });
    expect(res.status).toBe(201);
    const customer = res.body.response;
    expect(customer).toMatchObject({
      ...form,
      token: expect.stringMatching(/^cus_[\w-]{22}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(customer.card).toMatchObject({ scheme: 'master', customer_token: customer.token, primary: true });
  });

  it('creates a customer from an unused card token, keeping the token', async () => {
    const cardToken = await newCardToken();
    const customer = await newCustomer(client, { card: undefined, card_token: cardToken });
    expect(customer.card.token).toBe(cardToken);
    // Never given: null, as Pin's (issue 41; decision 24's addendum).
    expect(customer.first_name).toBeNull();
  });

  it('needs exactly one of card and card_token', async () => {
    const neither = await client.post('/1/customers', { email: 'a@b.co' });
    expect(neither.status).toBe(422);
    expect(neither.body.messages[0].param).toBe('card');
    const both = await client.post('/1/customers', {
      email: 'a@b.co',
      card: cardFields(),
      card_token: 'card_x',
    });
    expect(both.status).toBe(422);
    expect(both.body.messages).toContainEqual(expect.objectContaining({ param: 'card_token' }));
  });

  it('validates the nested card with bracketed params and the email', async () => {
    const res = await client.post('/1/customers', {
      email: 'not-an-email',
      card: { ...cardFields(), number: '1234', address_city: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'email', code: 'email_invalid', message: 'Email is not formatted properly' },
      {
        param: 'card[number]',
        code: 'card_number_invalid',
        message: notATestCardNumber('Card number'),
      },
      {
        param: 'card[address_city]',
        code: 'card_address_city_invalid',
        message: "Card address city can't be blank",
      },
    ]);
  });

  it('uses a card token once: a second customer cannot take it', async () => {
    const cardToken = await newCardToken();
    await newCustomer(client, { card: undefined, card_token: cardToken });
    const again = await client.post('/1/customers', { email: 'b@example.com', card_token: cardToken });
    expect([again.status, again.body]).toEqual([400, tokenAlreadyUsed]);
    const customer = await newCustomer(client);
    const added = await client.post(`/1/customers/${customer.token}/cards`, { card_token: cardToken });
    expect([added.status, added.body]).toEqual([400, tokenAlreadyUsed]);
  });

  it('gives a card token to exactly one of many racing requests', async () => {
    const cardToken = await newCardToken();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post('/1/customers', { email: `racer${i}@example.com`, card_token: cardToken }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
  });
});

describe('reading customers', () => {
  it('gets one and lists them with full pagination, newest first', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    const made: string[] = [];
    for (let i = 0; i < 27; i++) {
      const res = await c.post('/1/customers', { email: `c${i}@example.com`, card: cardFields() });
      made.push(res.body.response.token);
    }
    const first = await c.get('/1/customers');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.pagination).toEqual({
      current: 1,
      previous: null,
      next: 2,
      per_page: 25,
      pages: 2,
      count: 27,
    });
    const second = await c.get('/1/customers?page=2');
    expect(second.body.pagination).toEqual({
      current: 2,
      previous: 1,
      next: null,
      per_page: 25,
      pages: 2,
      count: 27,
    });
    const listed = [...first.body.response, ...second.body.response].map((x: { token: string }) => x.token);
    expect(new Set(listed)).toEqual(new Set(made));
    expect(listed[26]).toBe(made[0]);
    const past = await c.get('/1/customers?page=9');
    expect(past.body.response).toEqual([]);
    expect(past.body.pagination.current).toBe(9);
    expect((await c.get('/1/customers?page=abc')).status).toBe(422);
    const one = await c.get(`/1/customers/${made[3]}`);
    expect(one.body.response.email).toBe('c3@example.com');
  });

  it('answers 404 not_found for an unknown customer', async () => {
    const res = await client.get('/1/customers/cus_doesnotexist000000000');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });
});

describe('PUT /customers/{token}', () => {
  it('updates the plain fields and leaves the cards (rules 1 and 6)', async () => {
    const customer = await newCustomer(client);
    const res = await client.put(
      `/1/customers/${customer.token}`,
      { notes: 'updated', first_name: 'Rolly' },
      { form: true },
    );
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ notes: 'updated', first_name: 'Rolly', email: customer.email });
    expect(res.body.response.card.token).toBe(customer.card.token);
  });

  it('refuses more than one card parameter (rule 2)', async () => {
    const customer = await newCustomer(client);
    const res = await client.put(`/1/customers/${customer.token}`, {
      card_token: 'card_a',
      primary_card_token: 'card_b',
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('too_many_card_parameters');
  });

  it('replaces the primary with a new card and removes the old one (rule 3)', async () => {
    const customer = await newCustomer(client);
    const res = await client.put(`/1/customers/${customer.token}`, {
      card: cardFields({ number: '4200000000000000' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.response.card.scheme).toBe('visa');
    const cards = await cardsOf(customer.token);
    expect(cards.map((c) => c.token)).toEqual([res.body.response.card.token]);
    expect(cards[0]!.primary).toBe(true);
  });

  it('card_token replaces the primary and removes the old one (rule 4)', async () => {
    const customer = await newCustomer(client);
    const cardToken = await newCardToken();
    const res = await client.put(`/1/customers/${customer.token}`, { card_token: cardToken });
    expect(res.status).toBe(200);
    expect(res.body.response.card.token).toBe(cardToken);
    expect((await cardsOf(customer.token)).map((c) => c.token)).toEqual([cardToken]);
  });

  it('primary_card_token keeps the old primary as a non-primary card (rule 5)', async () => {
    const customer = await newCustomer(client);
    const added = await client.post(
      `/1/customers/${customer.token}/cards`,
      cardFields({ number: '4200000000000000' }),
    );
    expect(added.status).toBe(201);
    const res = await client.put(`/1/customers/${customer.token}`, {
      primary_card_token: added.body.response.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.response.card.token).toBe(added.body.response.token);
    const cards = await cardsOf(customer.token);
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.token === customer.card.token)?.primary).toBe(false);
    expect(cards.find((c) => c.token === added.body.response.token)?.primary).toBe(true);
  });

  it('refuses a token of another customer', async () => {
    const a = await newCustomer(client);
    const b = await newCustomer(client);
    const res = await client.put(`/1/customers/${a.token}`, { card_token: b.card.token });
    expect(res.status).toBe(422);
    expect(res.body.messages[0].param).toBe('card_token');
  });

  it('answers 404 for an unknown customer', async () => {
    expect((await client.put('/1/customers/cus_unknown0000000000000000', { notes: 'x' })).status).toBe(404);
  });
});

describe('customer cards', () => {
  it('adds cards that are never primary and deletes only non-primary ones', async () => {
    const customer = await newCustomer(client);
    const withToken = await client.post(`/1/customers/${customer.token}/cards`, {
      card_token: await newCardToken(),
    });
    expect(withToken.status).toBe(201);
    expect(withToken.body.response).toMatchObject({ customer_token: customer.token, primary: false });
    // strictness.md, seedCardIpAddress: "card object (primary false) plus ip_address", for card_token too.
    expect(withToken.body.ip_address).toBeTruthy();
    const cards = await client.get(`/1/customers/${customer.token}/cards`);
    expect(cards.body.pagination).toEqual({
      current: 1,
      previous: null,
      next: null,
      per_page: 25,
      pages: 1,
      count: 2,
    });

    const primary = await client.del(`/1/customers/${customer.token}/cards/${customer.card.token}`);
    expect(primary.status).toBe(400);
    expect(primary.body).toEqual({
      error: 'cannot_delete_primary_card',
      error_description: "You cannot delete a customer's primary card token",
    });
    const removed = await client.del(`/1/customers/${customer.token}/cards/${withToken.body.response.token}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect(
      (await client.del(`/1/customers/${customer.token}/cards/${withToken.body.response.token}`)).status,
    ).toBe(404);
    expect((await cardsOf(customer.token)).map((c) => c.token)).toEqual([customer.card.token]);
  });

  it('takes the publishable key on the card-adding endpoint', async () => {
    const customer = await newCustomer(client);
    const res = await api(merchant.test.baseUrl, null).post(`/1/customers/${customer.token}/cards`, {
      ...cardFields(),
      publishable_api_key: merchant.test.publishableKey,
    });
    expect(res.status).toBe(201);
  });

  it('answers empty charges and subscriptions lists with full pagination', async () => {
    const customer = await newCustomer(client);
    for (const list of ['charges', 'subscriptions']) {
      const res = await client.get(`/1/customers/${customer.token}/${list}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        response: [],
        count: 0,
        pagination: { current: 1, previous: null, next: null, per_page: 25, pages: 0, count: 0 },
      });
      expect((await client.get(`/1/customers/cus_unknown0000000000000000/${list}`)).status).toBe(404);
    }
  });
});

describe('DELETE /customers/{token}', () => {
  it('removes the customer and all its cards', async () => {
    const customer = await newCustomer(client);
    await client.post(`/1/customers/${customer.token}/cards`, cardFields());
    const res = await client.del(`/1/customers/${customer.token}`);
    expect(res.status).toBe(204);
    expect((await client.get(`/1/customers/${customer.token}`)).status).toBe(404);
    expect((await client.get(`/1/customers/${customer.token}/cards`)).status).toBe(404);
    expect((await client.del(`/1/customers/${customer.token}`)).status).toBe(404);
  });
});

describe('isolation', () => {
  it('keeps one merchant out of another one’s customers and card tokens', async () => {
    const customer = await newCustomer(client);
    const cardToken = await newCardToken();
    const other = await newMerchant();
    const intruder = api(other.test.baseUrl, other.test.secretKey);
    expect((await intruder.get(`/1/customers/${customer.token}`)).status).toBe(404);
    expect((await intruder.put(`/1/customers/${customer.token}`, { notes: 'x' })).status).toBe(404);
    expect((await intruder.del(`/1/customers/${customer.token}`)).status).toBe(404);
    expect((await intruder.get(`/1/customers/${customer.token}/cards`)).status).toBe(404);
    const stolen = await intruder.post('/1/customers', { email: 'x@example.com', card_token: cardToken });
    expect([stolen.status, stolen.body]).toEqual([404, cardTokenNotFound]);
    expect((await intruder.get('/1/customers')).body.response).toEqual([]);
    const theirs = await newCustomer(intruder);
    const added = await intruder.post(`/1/customers/${theirs.token}/cards`, { card_token: cardToken });
    expect([added.status, added.body]).toEqual([404, cardTokenNotFound]);
    // The token is still usable by its owner.
    expect(
      (await client.post('/1/customers', { email: 'own@example.com', card_token: cardToken })).status,
    ).toBe(201);
  });

  it('keeps test and live apart for the same merchant', async () => {
    const customer = await newCustomer(client);
    const live = api(merchant.live.baseUrl, merchant.live.secretKey);
    expect((await live.get(`/1/customers/${customer.token}`)).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same request and creates one customer', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    const body = { email: 'once@example.com', card: cardFields() };
    const first = await c.post('/1/customers', body, { headers: { 'Idempotency-Key': 'order-1' } });
    const again = await c.post('/1/customers', body, { headers: { 'Idempotency-Key': 'order-1' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await c.get('/1/customers')).body.pagination.count).toBe(1);
  });

  it('refuses the same key with a different request', async () => {
    const headers = { 'Idempotency-Key': 'order-2' };
    await client.post('/1/customers', { email: 'a@example.com', card: cardFields() }, { headers });
    const other = await client.post(
      '/1/customers',
      { email: 'b@example.com', card: cardFields() },
      { headers },
    );
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('idempotency_key_reused');
  });

  it('replays a validation error too, and lets racing duplicates create nothing twice', async () => {
    const own = await newMerchant();
    const c = api(own.test.baseUrl, own.test.secretKey);
    const bad = await c.post('/1/customers', { email: 'x' }, { headers: { 'Idempotency-Key': 'bad-1' } });
    const badAgain = await c.post(
      '/1/customers',
      { email: 'x' },
      { headers: { 'Idempotency-Key': 'bad-1' } },
    );
    expect(bad.status).toBe(422);
    expect(badAgain.body).toEqual(bad.body);

    const body = { email: 'race@example.com', card: cardFields() };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.post('/1/customers', body, { headers: { 'Idempotency-Key': 'race-1' } }),
      ),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const tokens = new Set(results.filter((r) => r.status === 201).map((r) => r.body.response.token));
    expect(tokens.size).toBe(1);
    expect((await c.get('/1/customers')).body.pagination.count).toBe(1);
  });

  it('replays a DELETE instead of answering 404 the second time', async () => {
    const customer = await newCustomer(client);
    const headers = { 'Idempotency-Key': `delete-${customer.token}` };
    expect((await client.del(`/1/customers/${customer.token}`, undefined, { headers })).status).toBe(204);
    expect((await client.del(`/1/customers/${customer.token}`, undefined, { headers })).status).toBe(204);
    expect((await client.del(`/1/customers/${customer.token}`)).status).toBe(404);
  });

  it('keeps keys apart between merchants', async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const headers = { 'Idempotency-Key': 'shared-key' };
    const ra = await api(a.test.baseUrl, a.test.secretKey).post(
      '/1/customers',
      { email: 'a@example.com', card: cardFields() },
      { headers },
    );
    const rb = await api(b.test.baseUrl, b.test.secretKey).post(
      '/1/customers',
      { email: 'b@example.com', card: cardFields() },
      { headers },
    );
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(rb.body.response.token).not.toBe(ra.body.response.token);
  });
});
