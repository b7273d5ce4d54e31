import { verifyPinSignature } from '@wattle/verify-webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, settle, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';
import {
  createCustomer,
  eventTokenOf,
  merchantWithEndpoint,
  webhookWhen,
} from '../helpers/webhook-endpoints.ts';

const _stack = useStack();
const _local = { region: 'ap-southeast-2', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const errorTime = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/;

let merchant: Merchant;
let client: Api;
const receivers: Receiver[] = [];

const receiver = async (answer?: Receiver['answer']): Promise<Receiver> => {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
};

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe('webhook endpoints', () => {
  it('are created with a fresh signing key and shown as Pin shows them', async () => {
    const m = await newMerchant();
    const c = api(m.test.baseUrl, m.test.secretKey);
    const first = await c.post('/1/webhook_endpoints', { url: 'https://example.com/hooks' }, { form: true });
    const second = await c.post('/1/webhook_endpoints', { url: 'http://example.com/other?x=1' });
    expect(first.status).toBe(201);
    expect(first.body.response).toEqual({
      token: expect.stringMatching(/^whe_[\w-]{22}$/),
      key: expect.stringMatching(/^[\w-]{22}$/),
      url: 'https://example.com/hooks',
      created_at: expect.stringMatching(timestamp),
      updated_at: first.body.response.created_at,
    });
    expect(second.body.response.key).not.toBe(first.body.response.key);

    const one = await c.get(`/1/webhook_endpoints/${first.body.response.token}`);
    expect(one.status).toBe(200);
    expect(one.body.response).toEqual(first.body.response);

    const list = await c.get('/1/webhook_endpoints');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      response: [second.body.response, first.body.response],
      pagination: { count: 2, per_page: 25, current: 1 },
    });
  });

  it('need an http or https URL', async () => {
    const blank = await client.post('/1/webhook_endpoints', {});
    expect(blank.status).toBe(422);
    expect(blank.body).toEqual({
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [{ param: 'url', code: 'url_invalid', message: "Url can't be blank" }],
    });
    for (const url of ['ftp://example.com/x', 'not a url', 'javascript:alert(1)', 'http://']) {
      const res = await client.post('/1/webhook_endpoints', { url });
      expect(res.status, url).toBe(422);
      expect(res.body.messages, url).toEqual([
        { param: 'url', code: 'url_invalid', message: 'Url is not a valid URL' },
      ]);
    }
  });

  it('are at most five per merchant and environment, also when created all at once', async () => {
    const m = await newMerchant();
    const c = api(m.test.baseUrl, m.test.secretKey);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        c.post('/1/webhook_endpoints', { url: `https://example.com/${i}` }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 403]);
    expect(results.find((r) => r.status === 403)!.body).toEqual({
      error: 'limit_reached',
      error_description: 'You have reached the maximum number of allowed webhook endpoints.',
    });
    expect((await c.get('/1/webhook_endpoints')).body.pagination.count).toBe(5);
    expect((await c.post('/1/webhook_endpoints', { url: 'https://example.com/7' })).status).toBe(403);

    // The live environment has a limit of its own; a deletion frees a place.
    const live = api(m.live.baseUrl, m.live.secretKey);
    expect((await live.post('/1/webhook_endpoints', { url: 'https://example.com/live' })).status).toBe(201);
    const token = results.find((r) => r.status === 201)!.body.response.token;
    expect((await c.del(`/1/webhook_endpoints/${token}`)).status).toBe(204);
    expect((await c.post('/1/webhook_endpoints', { url: 'https://example.com/8' })).status).toBe(201);
  });

  // An unknown event reads as Pin's not_found since its 2024 recording (pin-texts.test.ts).
  it('answer 404 resource_not_found for unknown tokens', async () => {
    const notFound = { error: 'resource_not_found', error_description: 'No resource was found at this URL.' };
    for (const res of [
      await client.get('/1/webhook_endpoints/whe_unknown'),
      await client.del('/1/webhook_endpoints/whe_unknown'),
      await client.get('/1/webhooks/whr_unknown'),
      await client.put('/1/webhooks/whr_unknown/replay'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
  });

  it('go with all their webhooks when deleted; other endpoints keep theirs', async () => {
    const kept = await receiver();
    const gone = await receiver();
    const { client: c, endpoint } = await merchantWithEndpoint(gone.url());
    const other = (await c.post('/1/webhook_endpoints', { url: kept.url() })).body.response;
    await createCustomer(c);
    await createCustomer(c);
    await gone.waitFor(2);
    await kept.waitFor(2);
    const before = await waitUntil(async () => {
      const list = await c.get('/1/webhooks');
      return list.body.response.filter((w: { status: string }) => w.status === 'completed').length === 4
        ? list.body.response
        : undefined;
    });
    const goneWebhooks = before.filter(
      (w: { webhook_endpoint_token: string }) => w.webhook_endpoint_token === endpoint.token,
    );
    expect(goneWebhooks).toHaveLength(2);

    const deleted = await c.del(`/1/webhook_endpoints/${endpoint.token}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await c.get(`/1/webhook_endpoints/${endpoint.token}`)).status).toBe(404);
    expect((await c.del(`/1/webhook_endpoints/${endpoint.token}`)).status).toBe(404);
    for (const webhook of goneWebhooks)
      expect((await c.get(`/1/webhooks/${webhook.token}`)).status).toBe(404);
    const after = await c.get('/1/webhooks');
    expect(after.body.pagination.count).toBe(2);
    expect(
      after.body.response.every(
        (w: { webhook_endpoint_token: string }) => w.webhook_endpoint_token === other.token,
      ),
    ).toBe(true);
    expect(
      (await c.get('/1/webhook_endpoints')).body.response.map((e: { token: string }) => e.token),
    ).toEqual([other.token]);

    // Events after the deletion reach only the endpoint that is left.
    await createCustomer(c);
    await kept.waitFor(3);
    await settle(300);
    expect(gone.requests).toHaveLength(2);
  });
});

describe('delivery', () => {
  it('POSTs the event, signed, to every endpoint and completes its webhooks', async () => {
    const a = await receiver();
    const b = await receiver();
    const { client: c, endpoint } = await merchantWithEndpoint(a.url());
    const second = (await c.post('/1/webhook_endpoints', { url: b.url('/second') })).body.response;
    const customer = await createCustomer(c);

    const [request] = await a.waitFor(1);
    const [requestB] = await b.waitFor(1);
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(verifyPinSignature(request!.headers['pin-signature'] as string, request!.body, endpoint.key)).toBe(
      true,
    );
    expect(verifyPinSignature(requestB!.headers['pin-signature'] as string, requestB!.body, second.key)).toBe(
      true,
    );
    // A tampered body, or another endpoint's key, does not verify.
    const tampered = request!.body.replace('roland@example.com', 'mallory@example.com');
    expect(verifyPinSignature(request!.headers['pin-signature'] as string, tampered, endpoint.key)).toBe(
      false,
    );
    expect(verifyPinSignature(request!.headers['pin-signature'] as string, request!.body, second.key)).toBe(
      false,
    );

    // The body is the event exactly as GET /events/{token} shows it.
    const sent = JSON.parse(request!.body);
    const event = await c.get(`/1/events/${sent.token}`);
    expect(event.status).toBe(200);
    expect(sent).toEqual(event.body.response);
    expect(sent).toMatchObject({ type: 'customer.created', data: { token: customer.token } });
    expect(Object.keys(sent)).toEqual(['token', 'type', 'data', 'created_at']);

    const webhook = await webhookWhen(
      c,
      sent.token,
      (w) => w.status === 'completed' && w.webhook_endpoint_token === endpoint.token,
    );
    expect(webhook).toEqual({
      token: expect.stringMatching(/^whr_[\w-]{22}$/),
      status: 'completed',
      url: a.url(),
      event_token: sent.token,
      webhook_endpoint_token: endpoint.token,
      created_at: expect.stringMatching(timestamp),
      accepted_at: expect.stringMatching(timestamp),
      next_run: null,
      retries: 0,
      errors: {},
    });
    const one = await c.get(`/1/webhooks/${webhook.token}`);
    expect(one.body.response).toEqual(webhook);
    const list = await c.get('/1/webhooks');
    expect(list.body.pagination).toEqual({ count: 2, per_page: 25, current: 1 });
    expect(list.body.count).toBeUndefined();
    expect(
      new Set(list.body.response.map((w: { webhook_endpoint_token: string }) => w.webhook_endpoint_token)),
    ).toEqual(new Set([endpoint.token, second.token]));
  });

  it('records a refusal under its UTC time and retries from a minute later', async () => {
    const refusing = await receiver(500);
    const { client: c } = await merchantWithEndpoint(refusing.url());
    await createCustomer(c);
    const [request] = await refusing.waitFor(1);
    const webhook = await webhookWhen(c, eventTokenOf(request!.body), (w) => w.status === 'retrying');
    expect(webhook).toMatchObject({ status: 'retrying', retries: 1, accepted_at: null });
    const [time, error] = Object.entries(webhook.errors as Record<string, unknown>)[0]!;
    expect(time).toMatch(errorTime);
    expect(error).toEqual({ error: 'unexpected_http_code', error_description: 'Unexpected http code 500' });
    const failedAt = Date.parse(`${time.slice(0, 10)}T${time.slice(11, 19)}Z`);
    expect(Date.parse(webhook.next_run as string) - failedAt).toBe(60_000);
  });

  it('does not follow redirects', async () => {
    const redirecting = await receiver(302);
    const { client: c } = await merchantWithEndpoint(redirecting.url());
    await createCustomer(c);
    const [request] = await redirecting.waitFor(1);
    const webhook = await webhookWhen(c, eventTokenOf(request!.body), (w) => w.status === 'retrying');
    expect(Object.values(webhook.errors as object)).toEqual([
      { error: 'unexpected_http_code', error_description: 'Unexpected http code 302' },
    ]);
    await settle(300);
    expect(redirecting.requests.map((r) => r.path)).toEqual(['/hooks']);
  });

  it('refuses internal addresses without a request, and records why', async () => {
    const urls = [
      'http://10.255.255.1/hooks',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
    ];
    await Promise.all(
      urls.map(async (url) => {
        const { client: c } = await merchantWithEndpoint(url);
        await createCustomer(c);
        const event = (await c.get('/1/events')).body.response[0];
        // A request to these would hang until the 10 s timeout; the guard answers at once.
        const webhook = await webhookWhen(c, event.token, (w) => w.status === 'retrying');
        expect(Object.values(webhook.errors as object), url).toEqual([
          { error: 'address_not_allowed', error_description: expect.stringContaining('may not reach') },
        ]);
      }),
    );
  });
});

describe('replay', () => {
  it('requests the URL again from pending, and repeats no other webhook of the event', async () => {
    const a = await receiver();
    const b = await receiver();
    const { client: c, endpoint } = await merchantWithEndpoint(a.url());
    await c.post('/1/webhook_endpoints', { url: b.url() });
    await createCustomer(c);
    const [request] = await a.waitFor(1);
    await b.waitFor(1);
    const eventToken = eventTokenOf(request!.body);
    const webhook = await webhookWhen(
      c,
      eventToken,
      (w) => w.status === 'completed' && w.webhook_endpoint_token === endpoint.token,
    );

    const replayed = await c.put(`/1/webhooks/${webhook.token}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.response).toEqual({
      ...webhook,
      status: 'pending',
      accepted_at: null,
      next_run: null,
      retries: 0,
      errors: {},
    });
    const [, again] = await a.waitFor(2);
    expect(eventTokenOf(again!.body)).toBe(eventToken);
    expect(verifyPinSignature(again!.headers['pin-signature'] as string, again!.body, endpoint.key)).toBe(
      true,
    );
    const done = await waitUntil(async () => {
      const res = await c.get(`/1/webhooks/${webhook.token}`);
      return res.body.response.status === 'completed' ? res.body.response : undefined;
    });
    expect(done.accepted_at).toMatch(timestamp);
    await settle(300);
    expect(b.requests).toHaveLength(1);
  });

  it('empties the errors of a retrying webhook and records the replay’s own', async () => {
    const refusing = await receiver(503);
    const { client: c } = await merchantWithEndpoint(refusing.url());
    await createCustomer(c);
    const [request] = await refusing.waitFor(1);
    const webhook = await webhookWhen(c, eventTokenOf(request!.body), (w) => w.status === 'retrying');

    refusing.answer = 410;
    const replayed = await c.put(`/1/webhooks/${webhook.token}/replay`);
    expect(replayed.body.response).toMatchObject({
      status: 'pending',
      retries: 0,
      errors: {},
      next_run: null,
    });
    await refusing.waitFor(2);
    const after = await waitUntil(async () => {
      const res = await c.get(`/1/webhooks/${webhook.token}`);
      return res.body.response.status === 'retrying' ? res.body.response : undefined;
    });
    expect(after.retries).toBe(1);
    expect(Object.values(after.errors)).toEqual([
      { error: 'unexpected_http_code', error_description: 'Unexpected http code 410' },
    ]);
  });

  it('is refused while an attempt is under way (it holds the webhook), and allowed after', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await receiver(async () => {
      await held;
      return 200;
    });
    const { client: c } = await merchantWithEndpoint(slow.url());
    await createCustomer(c);
    await slow.waitFor(1);
    const event = (await c.get('/1/events')).body.response[0];
    const pending = await webhookWhen(c, event.token, (w) => w.status === 'pending');

    // The receiver has the request and has not answered: the attempt is under way.
    const refused = await c.put(`/1/webhooks/${pending.token}/replay`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'cannot_replay_webhook',
      error_description: 'The webhook cannot be replayed.',
    });
    release();
    await webhookWhen(c, event.token, (w) => w.status === 'completed');
    slow.answer = 200;
    const replayed = await c.put(`/1/webhooks/${pending.token}/replay`);
    expect(replayed.status).toBe(200);
    await slow.waitFor(2);
  });
});

describe('events', () => {
  it('list newest first with short pagination and no top-level count', async () => {
    const m = await newMerchant();
    const c = api(m.test.baseUrl, m.test.secretKey);
    const customer = await createCustomer(c);
    await c.put(`/1/customers/${customer.token}`, { notes: 'VIP' });
    const list = await c.get('/1/events');
    expect(list.status).toBe(200);
    expect(list.body.count).toBeUndefined();
    expect(list.body.pagination).toEqual({ count: 2, per_page: 25, current: 1 });
    expect(list.body.response.map((e: { type: string }) => e.type)).toEqual([
      'customer.updated',
      'customer.created',
    ]);
    const [updated] = list.body.response;
    expect(updated).toEqual({
      token: expect.stringMatching(/^evt_[\w-]{22}$/),
      type: 'customer.updated',
      data: expect.objectContaining({ token: customer.token, notes: 'VIP' }),
      created_at: expect.stringMatching(timestamp),
    });
    expect((await c.get(`/1/events/${updated.token}`)).body.response).toEqual(updated);
    for (const path of ['/1/events?page=0', '/1/webhooks?page=x', '/1/webhook_endpoints?page=-1']) {
      const bad = await c.get(path);
      expect(bad.status, path).toBe(422);
      expect(bad.body.messages, path).toEqual([
        { param: 'page', code: 'page_invalid', message: 'Page must be a positive whole number' },
      ]);
    }
    expect((await c.get('/1/events?page=2')).body).toEqual({
      response: [],
      pagination: { count: 2, per_page: 25, current: 2 },
    });
  });
});

describe('isolation', () => {
  it('shows another merchant, or the other environment, none of your endpoints, webhooks or events', async () => {
    const target = await receiver();
    const { client: c, endpoint, merchant: m } = await merchantWithEndpoint(target.url());
    await createCustomer(c);
    const [request] = await target.waitFor(1);
    const eventToken = eventTokenOf(request!.body);
    const webhook = await webhookWhen(c, eventToken, (w) => w.status === 'completed');

    const stranger = await newMerchant();
    for (const other of [
      api(stranger.test.baseUrl, stranger.test.secretKey),
      api(m.live.baseUrl, m.live.secretKey),
    ]) {
      for (const path of [
        `/1/webhook_endpoints/${endpoint.token}`,
        `/1/webhooks/${webhook.token}`,
        `/1/events/${eventToken}`,
      ]) {
        expect((await other.get(path)).status, path).toBe(404);
      }
      expect((await other.put(`/1/webhooks/${webhook.token}/replay`)).status).toBe(404);
      expect((await other.del(`/1/webhook_endpoints/${endpoint.token}`)).status).toBe(404);
      for (const path of ['/1/webhook_endpoints', '/1/webhooks', '/1/events']) {
        expect((await other.get(path)).body.response, path).toEqual([]);
      }
    }
    expect((await c.get(`/1/webhook_endpoints/${endpoint.token}`)).status).toBe(200);
  });

  it('needs the secret key', async () => {
    for (const path of ['/1/webhook_endpoints', '/1/webhooks', '/1/events']) {
      const res = await api(merchant.test.baseUrl, merchant.test.publishableKey).get(path);
      expect(res.status, path).toBe(401);
    }
  });
});
