import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, type ApiResponse, api, newMerchant, useStack } from '../helpers/stack.ts';

const stack = useStack();
let client: Api;
let live: Api;
let stranger: Api;

beforeAll(async () => {
  const made = await newMerchant(stack);
  client = api(made.test.baseUrl, made.test.secretKey);
  live = api(made.live.baseUrl, made.live.secretKey);
  const other = await newMerchant(stack);
  stranger = api(other.test.baseUrl, other.test.secretKey);
});

const validationUrl = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

/** The parameters a 422 names. */
const refusedParams = (res: ApiResponse): string[] => {
  expect(res.status, res.text).toBe(422);
  return res.body.messages.map((m: { param: string }) => m.param);
};

describe('Apple Pay domains', () => {
  it('registers a domain (201), lists it with full pagination, and deletes it (204) once', async () => {
    const made = await client.post(
      '/1/apple_pay/domains',
      { domain_name: 'Shop.Example.com' },
      { form: true },
    );
    expect(made.status).toBe(201);
    expect(made.body.response).toEqual({
      token: expect.stringMatching(/^apmd_[A-Za-z0-9_-]{22}$/),
      domain_name: 'shop.example.com',
      registered: true,
      created_at: expect.stringMatching(/Z$/),
    });
    const token = made.body.response.token as string;

    const list = await client.get('/1/apple_pay/domains');
    expect(list.status).toBe(200);
    expect(list.body.response).toEqual([made.body.response]);
    expect(list.body.pagination).toMatchObject({ current: 1, count: 1, pages: 1, per_page: 25 });
    expect((await stranger.get('/1/apple_pay/domains')).body.response).toEqual([]);
    expect((await live.get('/1/apple_pay/domains')).body.response).toEqual([]);

    expect((await stranger.del(`/1/apple_pay/domains/${token}`)).status).toBe(404);
    expect((await client.del(`/1/apple_pay/domains/${token}`)).status).toBe(204);
    const again = await client.del(`/1/apple_pay/domains/${token}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('not_found');
    expect((await client.del('/1/apple_pay/domains/not-a-token')).status).toBe(404);
  });

  it('refuses a name that is no domain, and one registered already, with a 422 on domain_name', async () => {
    for (const name of ['', 'localhost', 'https://shop.example.com', '203.0.113.9', 'shop_example.com']) {
      const res = await client.post('/1/apple_pay/domains', { domain_name: name });
      expect(res.status, name).toBe(422);
      expect(res.body.messages[0].param, name).toBe('domain_name');
    }
    expect((await client.post('/1/apple_pay/domains', { domain_name: 'twice.example.com' })).status).toBe(
      201,
    );
    const twice = await client.post('/1/apple_pay/domains', { domain_name: 'TWICE.example.com' });
    expect(twice.status).toBe(422);
    expect(twice.body.messages[0].message).toBe('Domain name has already been registered');
  });

  it('host_check says whether the merchant has registered the domain', async () => {
    await client.post('/1/apple_pay/domains', { domain_name: 'checked.example.com' });
    const yes = await client.get('/1/apple_pay/host_check?domain_name=checked.example.com');
    expect(yes.status).toBe(200);
    expect(yes.body.response).toEqual({ domain_name: 'checked.example.com', registered: true });
    const no = await stranger.get('/1/apple_pay/host_check?domain_name=checked.example.com');
    expect(no.body.response).toEqual({ domain_name: 'checked.example.com', registered: false });
    const missing = await client.get('/1/apple_pay/host_check');
    expect(missing.status).toBe(422);
    expect(missing.body.messages[0].param).toBe('domain_name');
  });
});

describe('Apple Pay sessions (simulated)', () => {
  it("answers 201 with a merchant session in Apple's shape for a registered domain", async () => {
    await client.post('/1/apple_pay/domains', { domain_name: 'pay.example.com' });
    const res = await client.post('/1/apple_pay/sessions', {
      validation_url: validationUrl,
      initiative: 'web',
      initiative_context: 'pay.example.com',
    });
    expect(res.status).toBe(201);
    const session = res.body.response;
    expect(session).toMatchObject({
      domainName: 'pay.example.com',
      displayName: 'pay.example.com',
      retries: 0,
    });
    expect(session.expiresAt - session.epochTimestamp).toBe(5 * 60_000);
    for (const field of ['merchantSessionIdentifier', 'nonce', 'merchantIdentifier', 'signature'])
      expect(typeof session[field], field).toBe('string');
  });

  it("refuses a validation URL that is not Apple's, and a domain the merchant has not registered", async () => {
    for (const url of [
      'http://apple-pay-gateway.apple.com/x',
      'https://apple-pay-gateway.apple.com.evil.example/x',
      'https://evil.example/',
      // Two URL parsers could read these differently: WHATWG's sees Apple's host, others the loopback.
      'https://apple-pay-gateway.apple.com\\@127.0.0.1:8443/',
      'https://apple-pay-gateway.apple.com/\\paymentservices',
      'https://apple-pay-gateway.apple.com/payment services',
      'https://user:pw@apple-pay-gateway.apple.com/x',
    ]) {
      const res = await client.post('/1/apple_pay/sessions', {
        validation_url: url,
        initiative: 'web',
        initiative_context: 'pay.example.com',
      });
      expect(refusedParams(res), url).toEqual(['validation_url']);
    }
    const unregistered = await client.post('/1/apple_pay/sessions', {
      validation_url: validationUrl,
      initiative: 'web',
      initiative_context: 'elsewhere.example.com',
    });
    expect(unregistered.status).toBe(422);
    expect(unregistered.body.messages[0]).toMatchObject({ param: 'initiative_context' });
    const blank = await client.post('/1/apple_pay/sessions', {});
    expect(blank.status).toBe(422);
    expect(blank.body.messages.map((m: { param: string }) => m.param)).toEqual([
      'validation_url',
      'initiative',
      'initiative_context',
    ]);
  });

  it('takes a validation URL as it re-serialises: scheme and host in any case, the default port', async () => {
    await client.post('/1/apple_pay/domains', { domain_name: 'pay.example.com' });
    const upperCase = await client.post('/1/apple_pay/sessions', {
      validation_url: 'HTTPS://APPLE-PAY-GATEWAY.APPLE.COM:443/paymentservices/startSession',
      initiative: 'web',
      initiative_context: 'pay.example.com',
    });
    expect(upperCase.status).toBe(201);
  });

  it('checks a Messages for Business session’s URL as a web session’s domain: https, plain, registered', async () => {
    await client.post('/1/apple_pay/domains', { domain_name: 'chat.example.com' });
    const session = (context: string) =>
      client.post('/1/apple_pay/sessions', {
        validation_url: validationUrl,
        initiative: 'messaging',
        initiative_context: context,
      });
    const made = await session('https://chat.example.com/pay?order=1');
    expect(made.status, made.text).toBe(201);
    expect(made.body.response.domainName).toBe('chat.example.com');
    for (const context of [
      'https://user:pw@chat.example.com/pay',
      'https://127.0.0.1:8443/pay',
      'https://localhost/pay',
      'https://[::1]/pay',
      'https://chat.example.com\\@127.0.0.1/pay',
      'https://chat.example.com:8443/pay',
      'http://chat.example.com/pay',
      'https://unregistered.example.com/pay',
    ]) {
      expect(refusedParams(await session(context)), context).toEqual(['initiative_context']);
    }
    // Registered by another merchant is not registered by this one.
    const strangers = await stranger.post('/1/apple_pay/sessions', {
      validation_url: validationUrl,
      initiative: 'messaging',
      initiative_context: 'https://chat.example.com/pay',
    });
    expect(strangers.status).toBe(422);
  });
});
