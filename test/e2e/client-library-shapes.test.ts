import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields, notATestCardNumber } from '../helpers/fixtures.ts';
import { type Api, api, type Merchant, newMerchant, type RequestOptions } from '../helpers/stack.ts';

/**
 * Requests as Pin's client libraries (Node, Ruby, PHP) send them: JSON with numbers where the
 * contract has text, search dates in the forms they write, payment sources, a customer's stored
 * card by its token, 3-D Secure done elsewhere and a platform adjustment.
 */
let client: Api;
let merchant: Merchant;

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

/** A card with its digits as JSON numbers. */
const numericCard = (number = 5520000000000000) => ({
  ...cardFields(),
  number,
  expiry_month: 5,
  expiry_year: 2030,
  cvc: 519,
  address_postcode: 6454,
});

describe('JSON numbers where the contract has text', () => {
  it('store a card', async () => {
    const res = await client.post('/1/cards', numericCard());
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      display_number: 'XXXX-XXXX-XXXX-0000',
      expiry_month: 5,
      expiry_year: 2030,
      address_postcode: '6454',
    });
  });

  it('charge a card, with a numeric reference and metadata', async () => {
    const res = await client.post(
      '/1/charges',
      chargeFields({ card: numericCard(4200000000000000), reference: 1234, metadata: { order: 42 } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      success: true,
      metadata: { order: '42' },
      card: { display_number: 'XXXX-XXXX-XXXX-0000', address_postcode: '6454' },
    });
  });

  it('create a customer with a phone number', async () => {
    const res = await client.post('/1/customers', {
      email: 'roland@example.com',
      phone_number: 400000000,
      card: numericCard(),
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({
      phone_number: '400000000',
      card: { display_number: 'XXXX-XXXX-XXXX-0000', address_postcode: '6454' },
    });
  });

  it('create a recipient with a bank account of numbers', async () => {
    const res = await client.post('/1/recipients', {
      email: 'roland@example.com',
      name: 'Roland',
      bank_account: { name: 'Mr Roland Robot', bsb: 123456, number: 123456321 },
    });
    expect(res.status).toBe(201);
    expect(res.body.response.bank_account).toMatchObject({ bsb: '123456', number: 'XXXXXX321' });
  });

  it('still refuse what the text would refuse, with the same messages', async () => {
    const res = await client.post('/1/cards', { ...numericCard(5520000000000099), cvc: 51 });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'number', code: 'number_invalid', message: notATestCardNumber('Number') },
      { param: 'cvc', code: 'cvc_invalid', message: 'Cvc is invalid' },
    ]);
    // A BSB with a leading zero loses it as a number: 63000 is five digits.
    const bsb = await client.post('/1/bank_accounts', { name: 'Roland', bsb: 63000, number: 123456321 });
    expect(bsb.status).toBe(422);
    expect(bsb.body.messages).toEqual([
      { param: 'bsb', code: 'bsb_invalid', message: 'Bsb must be six digits' },
    ]);
  });

  it('refuse a number too large to arrive whole rather than store other digits', async () => {
    // 19 digits: a JSON number rounds it, so the digits sent cannot be known.
    const body = JSON.stringify({ ...numericCard(), number: 0 }).replace(
      '"number":0',
      '"number":4000000000000000006',
    );
    const res = await client.post('/1/cards', body, { raw: true, contentType: 'application/json' });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'number', code: 'number_invalid', message: 'Number is invalid' },
    ]);
  });

  it('refuse metadata sent as an array', async () => {
    const res = await client.post('/1/charges', chargeFields({ metadata: ['a', 'b'] }));
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual([
      { param: 'metadata', code: 'metadata_invalid', message: 'Metadata is invalid' },
    ]);
  });
});

describe('search dates in the forms clients write', () => {
  let createdAt: Date;

  beforeAll(async () => {
    const res = await client.post('/1/charges', chargeFields({ description: 'Dated parcel' }));
    expect(res.status).toBe(201);
    createdAt = new Date(res.body.response.created_at);
  });

  const found = async (params: Record<string, string>, path = '/1/charges/search') => {
    const res = await client.get(`${path}?${new URLSearchParams({ query: 'Dated parcel', ...params })}`);
    expect(res.status, res.text).toBe(200);
    return res.body.response.length as number;
  };

  /** The day before the charge, in every form a search date may take. */
  const dayBeforeForms = () => {
    const day = new Date(createdAt.getTime() - 86_400_000);
    const [year, month, date] = day.toISOString().slice(0, 10).split('-');
    const name = day.toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' });
    return [
      `${year}/${month}/${date}`,
      `${year}-${month}-${date}`,
      `${year}-${month}-${date}T00:00:00Z`,
      `${name.slice(0, 3)} ${Number(date)}, ${year}`,
      `${Number(date)} ${name} ${year}`,
      `${name} ${Number(date)} ${year}`,
    ];
  };

  it('takes YYYY/MM/DD, YYYY-MM-DD, ISO 8601 and written dates', async () => {
    for (const form of dayBeforeForms()) {
      expect(await found({ start_date: form }), form).toBe(1);
      expect(await found({ end_date: form }), form).toBe(0);
    }
  });

  it('takes a timestamp with a zone as the instant it names', async () => {
    const inBrisbane = (at: Date) =>
      `${new Date(at.getTime() + 10 * 3_600_000).toISOString().slice(0, 19)}+10:00`;
    const after = new Date(createdAt.getTime() + 1000);
    expect(await found({ start_date: createdAt.toISOString() })).toBe(1);
    expect(await found({ end_date: inBrisbane(createdAt) })).toBe(0);
    expect(await found({ end_date: inBrisbane(after) })).toBe(1);
    expect(await found({ start_date: inBrisbane(after) })).toBe(0);
  });

  it('takes the same forms in a transfer search', async () => {
    for (const form of dayBeforeForms()) {
      expect(await found({ start_date: form }, '/1/transfers/search'), form).toBe(0);
    }
  });

  it('answers an unreadable date with 422 naming the parameter', async () => {
    for (const [param, value] of [
      ['start_date', '2011/13/01'],
      ['end_date', '31 Feb 2011'],
      ['start_date', 'soon'],
    ] as const) {
      for (const path of ['/1/charges/search', '/1/transfers/search']) {
        const res = await client.get(`${path}?${new URLSearchParams({ [param]: value })}`);
        expect(res.status).toBe(422);
        expect(res.body.messages).toEqual([
          {
            param,
            code: `${param}_invalid`,
            message: `${param === 'start_date' ? 'Start date' : 'End date'} is not a valid date`,
          },
        ]);
      }
    }
  });
});

describe('page', () => {
  it('is refused past the last page served, on page', async () => {
    for (const path of ['/1/charges?page=10001', '/1/charges/search?page=10001', '/1/customers?page=99999']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.messages).toEqual([
        { param: 'page', code: 'page_invalid', message: 'Page must be at most 10000' },
      ]);
    }
    expect((await client.get('/1/charges?page=10000')).status).toBe(200);
  });
});

describe('payment sources as client libraries send them', () => {
  it('take a card source of JSON numbers and a network token, each charged by payment_source_token', async () => {
    const card = await client.post('/1/payment_sources', { type: 'card', source: numericCard() });
    expect(card.status).toBe(201);
    expect(card.body.response).toMatchObject({
      type: 'card',
      source: { display_number: 'XXXX-XXXX-XXXX-0000', address_postcode: '6454' },
    });
    // Active Merchant's network token source: numbers for the expiry, the scheme as network_type.
    const network = await client.post('/1/payment_sources', {
      type: 'network_token',
      source: {
        number: 4200000000000000,
        expiry_month: 5,
        expiry_year: 2030,
        network_type: 'visa',
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eci: '05',
      },
    });
    expect(network.status).toBe(201);
    // A scheme names no wallet: the card's network type is none (Pin shows a wallet's, issue 41).
    expect(network.body.response.source).toMatchObject({ scheme: 'visa', network_type: null });
    for (const source of [card, network]) {
      const charged = await client.post(
        '/1/charges',
        chargeFields({ card: undefined, payment_source_token: source.body.response.token }),
      );
      expect(charged.status).toBe(201);
      expect(charged.body.response.card.token).toBe(source.body.response.source.token);
    }
  });
});

describe('the other shapes client libraries send, as JSON', () => {
  it("charge a customer's stored card by its token, alone or beside the customer, again and again", async () => {
    const customer = await client.post('/1/customers', { email: 'lib@example.com', card: numericCard() });
    expect(customer.status).toBe(201);
    const { token: customerToken, card } = customer.body.response;
    for (const body of [
      { card_token: card.token },
      { card_token: card.token },
      { customer_token: customerToken, card_token: card.token },
    ]) {
      const res = await client.post('/1/charges', chargeFields({ card: undefined, ...body }));
      expect(res.status, JSON.stringify(body)).toBe(201);
      expect(res.body.response.card.token).toBe(card.token);
    }
  });

  it('charge with a 3-D Secure authentication made elsewhere and a platform adjustment in numbers', async () => {
    const res = await client.post(
      '/1/charges',
      chargeFields({
        // A Visa: ECI 05 is Visa's (a Mastercard's would be 02).
        card: numericCard(4200000000000000),
        amount: 1000,
        three_d_secure: {
          version: '2.2.0',
          eci: '05',
          cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
          transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808571d7e',
        },
        platform_adjustment: { amount: 100, currency: 'AUD' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.response).toMatchObject({
      success: true,
      platform_adjustment: { amount: 100, currency: 'AUD' },
    });
    expect(res.body.response).not.toHaveProperty('redirect_url');
    expect(res.body.response.merchant_entitlement).toBe(1000 - res.body.response.total_fees - 100);
  });
});

/**
 * A request as a client built on got 10 sends it with `prefixUrl: 'http://localhost:4010/test'`
 * and paths written `'/1/cards'`: got puts a `/` after the prefix, so the path has two
 * (`/test//1/cards`). Sent over node:http as it is: a URL parser would leave it so too, but the
 * test should not depend on one.
 */
const gotStyle = (
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: { response?: Record<string, unknown> } & Record<string, unknown> }> => {
  const base = new URL(merchant.test.baseUrl);
  const payload = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: `${base.pathname}/${path}`,
        headers: {
          'user-agent': 'got/10.7.0 (https://github.com/sindresorhus/got)',
          'accept-encoding': 'gzip, deflate, br',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${merchant.test.secretKey}:`).toString('base64')}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
};

describe('a got client with prefixUrl and leading-slash paths (a doubled slash after the stage)', () => {
  it('stores a card, charges its token, reads the charge and lists charges', async () => {
    const card = await gotStyle('POST', '/1/cards', numericCard());
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const cardToken = card.body.response?.token as string;
    const charged = await gotStyle(
      'POST',
      '/1/charges',
      chargeFields({ card: undefined, card_token: cardToken }),
    );
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    const token = charged.body.response?.token as string;
    const read = await gotStyle('GET', `/1/charges/${token}`);
    expect(read.status).toBe(200);
    expect(read.body.response).toMatchObject({ token, success: true });
    // A trailing slash too, and runs of slashes between segments.
    expect((await gotStyle('GET', '/1/charges/')).status).toBe(200);
    expect((await gotStyle('GET', `//1//charges//${token}/`)).body.response).toMatchObject({ token });
  });

  it("still answers an unknown path with Pin's 404", async () => {
    const res = await gotStyle('GET', '/1/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});

/** The two encodings clients send: JSON (Active Merchant, got) and forms with brackets (pin-php, curl). */
const encodings: [string, RequestOptions][] = [
  ['JSON', {}],
  ['form', { form: true }],
];

/**
 * Active Merchant's Apple Pay and Google Pay purchase: a network token payment source with the
 * wallet as `network_type`, its test cryptogram and ECI, the expiry as numbers (JSON) or text
 * (form); then the charge by payment_source_token.
 */
const networkTokenSource = (networkType: string) => ({
  type: 'network_token',
  source: {
    number: '4200000000000000',
    expiry_month: 5,
    expiry_year: 2030,
    network_type: networkType,
    cryptogram: 'AABBCCDDEEFFGGHH',
    eci: '05',
  },
});

/** Active Merchant's purchase fields (`authorize` is the same with capture false). */
const activeMerchantPurchase = (payment: Record<string, unknown>, capture = true) => ({
  amount: 1000,
  currency: 'AUD',
  email: 'roland@example.com',
  ip_address: '203.0.113.41',
  description: 'Active Merchant Purchase',
  capture,
  ...payment,
});

/** Active Merchant's authorize (a charge with capture false), then its capture of the whole amount. */
const authoriseThenCapture = async (payment: Record<string, unknown>, options: RequestOptions) => {
  const authorised = await client.post('/1/charges', activeMerchantPurchase(payment, false), options);
  expect(authorised.status, JSON.stringify(authorised.body)).toBe(201);
  expect(authorised.body.response).toMatchObject({ success: true, captured: false });
  const captured = await client.put(
    `/1/charges/${authorised.body.response.token}/capture`,
    { amount: 1000 },
    options,
  );
  expect(captured.status, JSON.stringify(captured.body)).toBe(201);
  expect(captured.body.response).toMatchObject({ captured: true, amount: 1000 });
};

describe('network token payment sources as Active Merchant sends them', () => {
  for (const [encoding, options] of encodings) {
    for (const networkType of ['applepay', 'googlepay']) {
      it(`${networkType}, ${encoding}: payment source then purchase, and then authorise and capture`, async () => {
        const purchaseSource = await client.post(
          '/1/payment_sources',
          networkTokenSource(networkType),
          options,
        );
        expect(purchaseSource.status, JSON.stringify(purchaseSource.body)).toBe(201);
        expect(purchaseSource.body.response).toMatchObject({
          type: 'network_token',
          source: { scheme: 'visa', display_number: 'XXXX-XXXX-XXXX-0000' },
        });
        const purchase = await client.post(
          '/1/charges',
          activeMerchantPurchase({ payment_source_token: purchaseSource.body.response.token }),
          options,
        );
        expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
        expect(purchase.body.response).toMatchObject({ success: true, captured: true, amount: 1000 });

        const authoriseSource = await client.post(
          '/1/payment_sources',
          networkTokenSource(networkType),
          options,
        );
        expect(authoriseSource.status).toBe(201);
        await authoriseThenCapture({ payment_source_token: authoriseSource.body.response.token }, options);
      });
    }
  }

  it('authorises a network token source by POST /authorisations and captures it', async () => {
    const source = await client.post('/1/payment_sources', networkTokenSource('googlepay'), { form: true });
    expect(source.status).toBe(201);
    const authorised = await client.post('/1/authorisations', {
      ...activeMerchantPurchase({ payment_source_token: source.body.response.token }),
      capture: undefined,
    });
    expect(authorised.status, JSON.stringify(authorised.body)).toBe(201);
    const captured = await client.post(`/1/authorisations/${authorised.body.response.token}/charges`, {
      amount: 1000,
    });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.response).toMatchObject({ captured: true, amount: 1000 });
  });

  it('still refuses a cryptogram or ECI that is none, naming it', async () => {
    const res = await client.post('/1/payment_sources', {
      type: 'network_token',
      source: { ...networkTokenSource('applepay').source, cryptogram: 'AABB CCDD', eci: '5' },
    });
    expect(res.status).toBe(422);
    expect(res.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'source[cryptogram]',
      'source[eci]',
    ]);
  });
});

/** Active Merchant's 3-D Secure done elsewhere: version 1, ECI 06, an unpadded CAVV and a base64 XID. */
const activeMerchantThreeDSecure = {
  version: '1.0.2',
  eci: '06',
  cavv: 'AgAAAAAAAIR8CQrXcIhbQAAAAAA',
  transaction_id: 'MDAwMDAwMDAwMDAwMDAwMzIyNzY=',
};

describe('3-D Secure passed through as Active Merchant sends it', () => {
  for (const [encoding, options] of encodings) {
    // Active Merchant's remote tests charge Pin's Mastercard test card; a Visa takes the same.
    for (const number of ['5520000000000000', '4200000000000000']) {
      it(`${encoding}, card ${number.slice(0, 4)}: purchase, and authorise then capture`, async () => {
        const card = { ...cardFields({ number }), expiry_month: 5, expiry_year: 2030 };
        const purchase = await client.post(
          '/1/charges',
          activeMerchantPurchase({ card, three_d_secure: activeMerchantThreeDSecure }),
          options,
        );
        expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
        expect(purchase.body.response).toMatchObject({ success: true, captured: true });
        expect(purchase.body.response).not.toHaveProperty('redirect_url');

        await authoriseThenCapture({ card, three_d_secure: activeMerchantThreeDSecure }, options);
      });
    }
  }
});

describe('what python-pin-payments and web forms send', () => {
  it('authorises with capture=False (Python writes booleans so), captures with no body, reads with a trailing slash', async () => {
    // requests.post(data={...}): a form, `card[...]` keys flat, the boolean as Python prints it.
    const card = Object.fromEntries(
      Object.entries(cardFields()).map(([key, value]) => [`card[${key}]`, value]),
    );
    const body = new URLSearchParams({
      email: 'test@gmail.com',
      description: 'Test Charge',
      amount: '400',
      ip_address: '192.0.2.1',
      capture: 'False',
      ...card,
    }).toString();
    const authorised = await client.post('/1/charges', body, {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(authorised.status, JSON.stringify(authorised.body)).toBe(201);
    expect(authorised.body.response).toMatchObject({ captured: false });
    const token = authorised.body.response.token;
    const captured = await client.put(`/1/charges/${token}/capture`);
    expect(captured.status).toBe(201);
    expect((await client.get(`/1/charges/${token}/`)).body.response).toMatchObject({ token, captured: true });
    const charged = await client.post('/1/charges', body.replace('capture=False', 'capture=True'), {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(charged.body.response).toMatchObject({ captured: true });
  });

  it("takes a customer's email with an apostrophe or a punycode domain", async () => {
    for (const email of ["o'connor@example.com", 'roland@xn--80ak6aa92e.com']) {
      const res = await client.post('/1/customers', { email, card: numericCard() });
      expect(res.status, email).toBe(201);
      expect(res.body.response.email).toBe(email);
    }
  });
});
