import { beforeAll, describe, expect, it } from 'vitest';
import { cardFields, notATestCardNumber } from '../helpers/fixtures.ts';
import { type Api, api, type Merchant, newMerchant } from '../helpers/stack.ts';

let merchant: Merchant;
let secret: Api;

beforeAll(async () => {
  merchant = await newMerchant();
  secret = api(merchant.test.baseUrl, merchant.test.secretKey);
});

describe('POST /cards', () => {
  it('stores a card and answers the card object with the caller ip_address', async () => {
    const res = await secret.post('/1/cards', cardFields(), { form: true });
    expect(res.status).toBe(201);
    expect(res.body.ip_address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(res.body.response).toEqual({
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
    });
    expect(JSON.stringify(res.body)).not.toContain('5520000000000000');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('takes the publishable key as a form field instead of basic auth', async () => {
    const anonymous = api(merchant.test.baseUrl, null);
    const res = await anonymous.post(
      '/1/cards',
      cardFields({ publishable_api_key: merchant.test.publishableKey, number: '4200000000000000' }),
      { form: true },
    );
    expect(res.status).toBe(201);
    expect(res.body.response.scheme).toBe('visa');
  });

  it('takes JSON with numbers, as Pin client libraries send it', async () => {
    const res = await secret.post('/1/cards', { ...cardFields(), expiry_month: 5, expiry_year: 2030 });
    expect(res.status).toBe(201);
    expect(res.body.response.expiry_month).toBe(5);
  });

  it('refuses a Luhn-invalid number and an expiry in the past, listing each problem', async () => {
    const res = await secret.post(
      '/1/cards',
      cardFields({ number: '5520000000000099', expiry_month: '01', expiry_year: '2020' }),
      { form: true },
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [
        { param: 'number', code: 'number_invalid', message: notATestCardNumber('Number') },
        { param: 'expiry_month', code: 'expiry_month_invalid', message: 'Expiry month is expired' },
        { param: 'expiry_year', code: 'expiry_year_invalid', message: 'Expiry year is expired' },
      ],
    });
  });

  it('lists every missing required field at once', async () => {
    const res = await secret.post('/1/cards', { number: '4200000000000000' });
    expect(res.status).toBe(422);
    expect(res.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'expiry_month',
      'expiry_year',
      'cvc',
      'name',
      'address_line1',
      'address_city',
      'address_country',
    ]);
  });

  it('answers wrong types with a 4xx, never a 500', async () => {
    const bodies = [
      { ...cardFields(), number: { nested: true } },
      { ...cardFields(), expiry_month: 'ab' },
      { ...cardFields(), expiry_month: 5.5 },
      { ...cardFields(), cvc: 12 },
      { ...cardFields(), name: ['a', 'b'] },
      { ...cardFields(), address_country: null },
    ];
    for (const body of bodies) {
      const res = await secret.post('/1/cards', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('invalid_resource');
    }
  });

  it('answers malformed, oversized and unsupported bodies with a Pin-shaped 4xx', async () => {
    const malformed = await secret.post('/1/cards', '{"number":', {
      raw: true,
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('bad_request');
    const text = await secret.post('/1/cards', 'number=1', { raw: true, contentType: 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('unsupported_media_type');
    const big = await secret.post('/1/cards', `name=${'x'.repeat(200 * 1024)}`, {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(big.status).toBe(413);
    const deep = await secret.post('/1/cards', `a${'[b]'.repeat(10)}=1`, {
      raw: true,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(deep.status).toBe(400);
  });

  it('answers JSONP as Pin.js uses it, errors included', async () => {
    const query = new URLSearchParams({
      callback: 'pinCallback',
      _method: 'POST',
      publishable_api_key: merchant.test.publishableKey,
      ...cardFields(),
      _: '1700000000000',
    });
    const res = await api(merchant.test.baseUrl, null).get(`/1/cards.json?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    const match = /^pinCallback\((.*)\);$/s.exec(res.text);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!).response.token).toMatch(/^card_/);

    query.set('number', '1234');
    const failed = await api(merchant.test.baseUrl, null).get(`/1/cards.json?${query}`);
    expect(failed.status).toBe(200);
    expect(JSON.parse(/^pinCallback\((.*)\);$/s.exec(failed.text)![1]!).error).toBe('invalid_resource');
  });
});

describe('authentication', () => {
  const unauthenticated = {
    error: 'unauthenticated',
    error_description: 'Not authorised. (Check API Key)',
  };

  it('refuses a missing, wrong or other-environment key with 401', async () => {
    expect((await api(merchant.test.baseUrl, null).get('/1/customers')).body).toEqual(unauthenticated);
    const wrong = await api(merchant.test.baseUrl, 'sk_test_nope').get('/1/customers');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unauthenticated);
    const liveKeyOnTest = await api(merchant.test.baseUrl, merchant.live.secretKey).get('/1/customers');
    expect(liveKeyOnTest.status).toBe(401);
    const testKeyOnLive = await api(merchant.live.baseUrl, merchant.test.secretKey).get('/1/customers');
    expect(testKeyOnLive.status).toBe(401);
  });

  it('refuses a publishable key where the secret key is needed', async () => {
    const res = await api(merchant.test.baseUrl, merchant.test.publishableKey).get('/1/customers');
    expect(res.status).toBe(401);
    const asField = await api(merchant.test.baseUrl, null).post('/1/customers', {
      email: 'a@b.co',
      publishable_api_key: merchant.test.publishableKey,
    });
    expect(asField.status).toBe(401);
  });

  it('answers unknown paths and methods with a Pin 404', async () => {
    const unknown = await secret.get('/1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'not_found',
      error_description: 'The requested resource could not be found.',
    });
    expect(unknown.headers.get('x-request-id')).toBeTruthy();
    expect((await secret.patch('/1/customers', {})).status).toBe(404);
  });
});
