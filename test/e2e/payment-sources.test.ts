import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields, notATestCardNumber } from '../helpers/fixtures.ts';
import { type Api, api, type Merchant, newMerchant } from '../helpers/stack.ts';

let merchant: Merchant;
let secret: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  secret = api(merchant.test.baseUrl, merchant.test.secretKey);
});

/** A decrypted wallet or network token as docs/guide/test-cards.md's payloads table gives it. */
const tokenSource = (overrides: Record<string, unknown> = {}) => ({
  number: '4200000000000000',
  expiry_month: '05',
  expiry_year: '2030',
  cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
  eci: '05',
  ...overrides,
});

const newSource = async (type: string, source: Record<string, unknown>) => {
  const res = await secret.post('/1/payment_sources', { type, source });
  expect(res.status, res.text).toBe(201);
  return res.body.response as { token: string; source: Record<string, unknown> };
};

const chargeWith = (token: string, more: Record<string, unknown> = {}) =>
  secret.post('/1/charges', chargeFields({ card: undefined, payment_source_token: token, ...more }));

const usedUp = {
  error: 'invalid_resource',
  error_description: 'One or more parameters were missing or invalid',
  messages: [
    {
      param: 'payment_source_token',
      code: 'payment_source_token_invalid',
      message: 'Payment source token is invalid, expired or has already been used',
    },
  ],
};

describe('POST /payment_sources', () => {
  it('stores a card source (form, nested source[...]) and answers its ps_ token, never the number or CVC', async () => {
    const res = await secret.post(
      '/1/payment_sources',
      { type: 'card', source: cardFields() },
      { form: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.ip_address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(res.body.response).toEqual({
      token: expect.stringMatching(/^ps_[\w-]{22}$/),
      type: 'card',
      source: {
        token: expect.stringMatching(/^card_[\w-]{22}$/),
        scheme: 'master',
        display_number: 'XXXX-XXXX-XXXX-0000',
        issuing_country: 'AU',
        expiry_month: 5,
        expiry_year: 2030,
        name: 'Roland Robot',
        address_line1: '42 Sevenoaks St',
        address_line2: null,
        address_city: 'Lathlain',
        address_postcode: '6454',
        address_state: 'WA',
        address_country: 'Australia',
        network_type: null,
        network_format: null,
        customer_token: null,
        primary: null,
      },
    });
    expect(res.text).not.toContain('5520000000000000');
    expect(res.text).not.toContain('"cvc"');

    const read = await secret.get(`/1/payment_sources/${res.body.response.token}`);
    expect(read.status).toBe(200);
    expect(read.body.response).toEqual(res.body.response);
  });

  it.each([
    ['applepay', '4200000000000000', 'visa', 'XXXX-XXXX-XXXX-0000', 'applepay', null],
    ['googlepay', '5520000000000000', 'master', 'XXXX-XXXX-XXXX-0000', 'googlepay', 'cryptogram_3ds'],
    // A network token that names no wallet: no network type (Pin shows a wallet's, never network_token).
    ['network_token', '372000000000000', 'amex', 'XXX-XXXX-XXXX-0000', null, null],
  ])(
    'stores a %s token (JSON) as the card its token number shows',
    async (type, number, scheme, display, networkType, networkFormat) => {
      const source = await newSource(type, tokenSource({ number, expiry_month: 5, name: 'Roland Robot' }));
      expect(source).toMatchObject({
        type,
        source: {
          scheme,
          display_number: display,
          expiry_month: 5,
          expiry_year: 2030,
          name: 'Roland Robot',
          network_type: networkType,
          network_format: networkFormat,
        },
      });
      expect(JSON.stringify(source)).not.toContain('AgAAAAAABk4DWZ4C28yUQAAAAAA=');
    },
  );

  it('takes the publishable key as a form field instead of basic auth', async () => {
    const res = await api(merchant.test.baseUrl, null).post(
      '/1/payment_sources',
      { type: 'card', source: cardFields(), publishable_api_key: merchant.test.publishableKey },
      { form: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.response.token).toMatch(/^ps_/);
    // Reading a source back takes the secret key.
    const read = await api(merchant.test.baseUrl, merchant.test.publishableKey).get(
      `/1/payment_sources/${res.body.response.token}`,
    );
    expect(read.status).toBe(401);
  });

  it('answers JSONP as for cards, errors included', async () => {
    const query = new URLSearchParams({
      callback: 'pinCallback',
      _method: 'POST',
      publishable_api_key: merchant.test.publishableKey,
      type: 'card',
      ...Object.fromEntries(Object.entries(cardFields()).map(([k, v]) => [`source[${k}]`, v])),
      _: '1700000000000',
    });
    const res = await api(merchant.test.baseUrl, null).get(`/1/payment_sources.json?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    const match = /^pinCallback\((.*)\);$/s.exec(res.text);
    expect(JSON.parse(match![1]!).response).toMatchObject({ type: 'card', token: expect.any(String) });

    query.set('source[cvc]', '12345');
    const failed = await api(merchant.test.baseUrl, null).get(`/1/payment_sources?${query}`);
    expect(failed.status).toBe(200);
    expect(JSON.parse(/^pinCallback\((.*)\);$/s.exec(failed.text)![1]!).messages).toEqual([
      expect.objectContaining({ param: 'source[cvc]' }),
    ]);
  });

  it('lets a publishable key make card sources only: a decrypted wallet or network token needs the secret key', async () => {
    const browser = api(merchant.test.baseUrl, null);
    for (const type of ['applepay', 'googlepay', 'network_token']) {
      const refused = await browser.post(
        '/1/payment_sources',
        { type, source: tokenSource(), publishable_api_key: merchant.test.publishableKey },
        { form: true },
      );
      expect(refused.status, type).toBe(403);
      expect(refused.body).toEqual({
        error: 'transaction_forbidden',
        error_description: `A publishable key creates card payment sources only: a ${type} source carries a decrypted token, which is sent from a server with the secret key.`,
      });
      const query = new URLSearchParams({
        callback: 'cb',
        _method: 'POST',
        publishable_api_key: merchant.test.publishableKey,
        type,
        ...Object.fromEntries(Object.entries(tokenSource()).map(([k, v]) => [`source[${k}]`, String(v)])),
      });
      const jsonp = await browser.get(`/1/payment_sources.json?${query}`);
      expect(JSON.parse(/^cb\((.*)\);$/s.exec(jsonp.text)![1]!).error, type).toBe('transaction_forbidden');
      // The secret key makes them.
      expect((await secret.post('/1/payment_sources', { type, source: tokenSource() })).status, type).toBe(
        201,
      );
    }
  });

  it('validates a card source exactly as POST /cards does, each message naming source[...]', async () => {
    const card = cardFields({ number: '5520000000000099', expiry_month: '01', expiry_year: '2020' });
    const res = await secret.post('/1/payment_sources', { type: 'card', source: card }, { form: true });
    const asCard = await secret.post('/1/cards', card, { form: true });
    expect(res.status).toBe(422);
    const paramsOf = (body: { messages: { param: string }[] }) => body.messages.map((m) => m.param);
    expect(paramsOf(res.body)).toEqual(paramsOf(asCard.body).map((param) => `source[${param}]`));
    expect(res.body.messages).toEqual([
      {
        param: 'source[number]',
        code: 'source_number_invalid',
        message: notATestCardNumber('Source number'),
      },
      {
        param: 'source[expiry_month]',
        code: 'source_expiry_month_invalid',
        message: 'Source expiry month is expired',
      },
      {
        param: 'source[expiry_year]',
        code: 'source_expiry_year_invalid',
        message: 'Source expiry year is expired',
      },
    ]);
  });

  it('refuses a missing or unknown type, a missing source and malformed token fields, each precisely', async () => {
    const noType = await secret.post('/1/payment_sources', { source: cardFields() });
    expect(noType.status).toBe(422);
    expect(noType.body.messages).toEqual([
      { param: 'type', code: 'type_invalid', message: "Type can't be blank" },
    ]);

    const unknown = await secret.post('/1/payment_sources', { type: 'paypal', source: cardFields() });
    expect(unknown.body.messages).toEqual([
      {
        param: 'type',
        code: 'type_invalid',
        message: 'Type must be one of card, applepay, googlepay or network_token',
      },
    ]);

    const noSource = await secret.post('/1/payment_sources', { type: 'applepay' });
    expect(noSource.status).toBe(422);
    expect(noSource.body.messages.map((m: { param: string }) => m.param)).toEqual(['source']);

    const malformed = await secret.post('/1/payment_sources', {
      type: 'network_token',
      source: tokenSource({
        number: '4200000000000001',
        cryptogram: 'not base64!',
        eci: '99',
        expiry_year: '2020',
      }),
    });
    expect(malformed.status).toBe(422);
    expect(
      malformed.body.messages.map((m: { param: string; message: string }) => [m.param, m.message]),
    ).toEqual([
      ['source[number]', notATestCardNumber('Source number')],
      ['source[cryptogram]', 'Source cryptogram is not a valid cryptogram'],
      ['source[eci]', 'Source eci is not a valid ECI'],
      ['source[expiry_month]', 'Source expiry month is expired'],
      ['source[expiry_year]', 'Source expiry year is expired'],
    ]);

    // Base64, but far too short for a cryptogram.
    const short = await secret.post('/1/payment_sources', {
      type: 'applepay',
      source: tokenSource({ cryptogram: 'AAAA' }),
    });
    expect(short.body.messages.map((m: { param: string }) => m.param)).toEqual(['source[cryptogram]']);
  });
});

describe('GET /payment_sources/{token}', () => {
  it("answers 404 for another merchant's, the other environment's, an unknown and an impossible token", async () => {
    const source = await newSource('card', cardFields());
    const other = await newMerchant();
    const theirs = await api(other.test.baseUrl, other.test.secretKey).get(
      `/1/payment_sources/${source.token}`,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('not_found');
    const live = await api(merchant.live.baseUrl, merchant.live.secretKey).get(
      `/1/payment_sources/${source.token}`,
    );
    expect(live.status).toBe(404);
    expect((await secret.get('/1/payment_sources/ps_0000000000000000000000')).status).toBe(404);
    expect((await secret.get(`/1/payment_sources/ps_${'x'.repeat(2000)}`)).status).toBe(404);
    expect((await secret.get('/1/payment_sources/card_0000000000000000000000')).status).toBe(404);
  });
});

describe('payment_source_token', () => {
  it('charges a wallet source once: approved by the test card table, its card on the charge, then used up', async () => {
    const source = await newSource('applepay', tokenSource());
    const charged = await chargeWith(source.token);
    expect(charged.status).toBe(201);
    expect(charged.body.response).toMatchObject({
      success: true,
      card: { token: source.source.token, scheme: 'visa', display_number: 'XXXX-XXXX-XXXX-0000' },
    });
    expect(charged.body.response.card).not.toHaveProperty('network_type');

    const again = await chargeWith(source.token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual(usedUp);
    expect((await secret.get(`/1/payment_sources/${source.token}`)).status).toBe(404);
  });

  it('declines as the token number says in the test card table, through each type', async () => {
    for (const [type, source] of [
      ['googlepay', tokenSource({ number: '5560000000000001' })],
      ['network_token', tokenSource({ number: '4100000000000001', eci: '02' })],
      ['card', cardFields({ number: '4100000000000001' })],
    ] as const) {
      const { token } = await newSource(type, source);
      const res = await chargeWith(token);
      expect(res.status, type).toBe(400);
      expect(res.body).toMatchObject({ error: 'card_declined', charge_token: expect.stringMatching(/^ch_/) });
    }
    const { token } = await newSource('applepay', tokenSource({ number: '4000000000000002' }));
    expect((await chargeWith(token)).body.error).toBe('insufficient_funds');
  });

  it('authorises with a payment source, by capture=false and by POST /authorisations', async () => {
    const first = await newSource('googlepay', tokenSource({ number: '5520000000000000' }));
    const authorised = await chargeWith(first.token, { capture: false });
    expect(authorised.status).toBe(201);
    expect(authorised.body.response).toMatchObject({ captured: false, card: { scheme: 'master' } });

    const second = await newSource('card', cardFields());
    const auth = await secret.post(
      '/1/authorisations',
      chargeFields({ card: undefined, payment_source_token: second.token }),
    );
    expect(auth.status).toBe(201);
    expect(auth.body.response.token).toMatch(/^auth_/);
    const reused = await secret.post(
      '/1/authorisations',
      chargeFields({ card: undefined, payment_source_token: second.token }),
    );
    expect(reused.body).toEqual(usedUp);
  });

  it('makes a customer from a payment source, whose card is then charged as often as asked', async () => {
    const source = await newSource('applepay', tokenSource({ name: 'Roland Robot' }));
    const created = await secret.post('/1/customers', {
      email: 'roland@example.com',
      payment_source_token: source.token,
    });
    expect(created.status).toBe(201);
    const customer = created.body.response;
    expect(customer.card).toMatchObject({
      token: source.source.token,
      scheme: 'visa',
      network_type: 'applepay',
      customer_token: customer.token,
      primary: true,
    });
    const again = await secret.post('/1/customers', {
      email: 'roland@example.com',
      payment_source_token: source.token,
    });
    expect(again.body).toEqual(usedUp);
    for (let i = 0; i < 2; i++) {
      const charged = await secret.post(
        '/1/charges',
        chargeFields({ card: undefined, customer_token: customer.token }),
      );
      expect(charged.status).toBe(201);
    }
  });

  it("replaces a customer's primary card (PUT) and adds a card (POST /cards) from payment sources", async () => {
    const customer = (await secret.post('/1/customers', { email: 'roland@example.com', card: cardFields() }))
      .body.response;
    const replacing = await newSource('googlepay', tokenSource({ number: '5520000000000000' }));
    const updated = await secret.put(`/1/customers/${customer.token}`, {
      payment_source_token: replacing.token,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response.card).toMatchObject({
      token: replacing.source.token,
      network_type: 'googlepay',
    });
    const cards = (await secret.get(`/1/customers/${customer.token}/cards`)).body.response;
    // As a new card does (rule 3), the source's card replaces the old primary, which is removed.
    expect(cards.map((c: { token: string }) => c.token)).toEqual([replacing.source.token]);
    const reused = await secret.put(`/1/customers/${customer.token}`, {
      payment_source_token: replacing.token,
    });
    expect(reused.body).toEqual(usedUp);
    const tooMany = await secret.put(`/1/customers/${customer.token}`, {
      payment_source_token: replacing.token,
      card_token: customer.card.token,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toBe('too_many_card_parameters');
    const unknownCustomer = await secret.put('/1/customers/cus_0000000000000000000000', {
      payment_source_token: replacing.token,
    });
    expect(unknownCustomer.status).toBe(404);

    const adding = await newSource('card', cardFields({ number: '4200000000000000' }));
    const added = await secret.post(`/1/customers/${customer.token}/cards`, {
      payment_source_token: adding.token,
    });
    expect(added.status).toBe(201);
    expect(added.body.response).toMatchObject({
      token: adding.source.token,
      customer_token: customer.token,
      primary: false,
    });
    const both = await secret.post(`/1/customers/${customer.token}/cards`, {
      payment_source_token: adding.token,
      card_token: customer.card.token,
    });
    expect(both.body.messages).toEqual([
      {
        param: 'payment_source_token',
        code: 'payment_source_token_invalid',
        message: 'Payment source token cannot be given together with card token',
      },
    ]);
    const again = await secret.post(`/1/customers/${customer.token}/cards`, {
      payment_source_token: adding.token,
    });
    expect(again.body).toEqual(usedUp);
  });

  it('gives one payment source to exactly one of many racing charges and customers', async () => {
    const { token } = await newSource('network_token', tokenSource());
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => chargeWith(token)),
      ...Array.from({ length: 3 }, () =>
        secret.post('/1/customers', { email: 'race@example.com', payment_source_token: token }),
      ),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422).map((r) => r.body)).toEqual(Array(7).fill(usedUp));
  });

  it("refuses another merchant's source and a second card parameter, naming the parameter", async () => {
    const source = await newSource('card', cardFields());
    const other = await newMerchant();
    const theirs = await api(other.test.baseUrl, other.test.secretKey).post(
      '/1/charges',
      chargeFields({ card: undefined, payment_source_token: source.token }),
    );
    expect(theirs.body).toEqual(usedUp);

    const both = await secret.post('/1/charges', chargeFields({ payment_source_token: source.token }));
    expect(both.status).toBe(422);
    expect(both.body.messages).toEqual([
      {
        param: 'payment_source_token',
        code: 'payment_source_token_invalid',
        message: 'Payment source token cannot be given together with card',
      },
    ]);
    const withCustomersCard = await secret.post(
      '/1/charges',
      chargeFields({
        card: undefined,
        customer_token: 'cus_0000000000000000000000',
        card_token: 'card_0000000000000000000000',
        payment_source_token: source.token,
      }),
    );
    expect(withCustomersCard.status).toBe(422);
    expect(withCustomersCard.body.messages).toContainEqual({
      param: 'payment_source_token',
      code: 'payment_source_token_invalid',
      message: 'Payment source token cannot be given together with card token',
    });
    const none = await secret.post('/1/charges', chargeFields({ card: undefined }));
    expect(none.body.messages).toEqual([
      {
        param: 'card',
        code: 'card_invalid',
        message: 'Card or card token or payment source token or customer token must be given',
      },
    ]);
    const customer = await secret.post('/1/customers', {
      email: 'roland@example.com',
      card_token: 'card_0000000000000000000000',
      payment_source_token: source.token,
    });
    expect(customer.body.messages).toEqual([
      {
        param: 'payment_source_token',
        code: 'payment_source_token_invalid',
        message: 'Payment source token cannot be given together with card token',
      },
    ]);
    // Nothing used it up.
    expect((await chargeWith(source.token)).status).toBe(201);
  });
});
