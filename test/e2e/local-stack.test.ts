import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newMerchant, type OwnStack, request, startOwnStack, useStack } from '../helpers/stack.ts';

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const seconds = (text: string): number => Date.parse(text) / 1000;

/** The JVMs whose command line names `text` (DynamoDB Local with a -dbPath under it). */
const javaProcessesWith = (text: string): string => {
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*${text}`], { encoding: 'utf8' }).trim();
  } catch {
    return ''; // pgrep exits 1 when nothing matches
  }
};

describe('the shared stack', () => {
  const stack = useStack();

  it('wrote local.json in the contract shape', () => {
    const written = JSON.parse(readFileSync(join(stack.dataDir, 'local.json'), 'utf8'));
    const base = `http://localhost:${stack.port}`;
    expect(written).toEqual({
      test: {
        baseUrl: `${base}/test`,
        secretKey: expect.stringMatching(/^sk_test_/),
        publishableKey: expect.stringMatching(/^pk_test_/),
      },
      live: {
        baseUrl: `${base}/live`,
        secretKey: expect.stringMatching(/^sk_live_/),
        publishableKey: expect.stringMatching(/^pk_live_/),
      },
      partnerKey: expect.any(String),
      clockUrl: `${base}/_local/clock`,
    });
    expect(written).toEqual({
      test: stack.test,
      live: stack.live,
      partnerKey: stack.partnerKey,
      clockUrl: stack.clockUrl,
    });
    // In memory: local.json is the only file.
    expect(existsSync(join(stack.dataDir, 'card.key'))).toBe(false);
    expect(existsSync(join(stack.dataDir, 'seed.json'))).toBe(false);
  });

  it('tells the time', async () => {
    const res = await request('GET', stack.clockUrl);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: expect.stringMatching(timestamp) });
    expect(seconds(res.body.now)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('seeded a merchant whose keys work', async () => {
    const res = await api(stack.test.baseUrl, stack.test.secretKey).get('/1/customers');
    expect(res.status).toBe(200);
  });

  it('makes fresh merchants, each with its own keys', async () => {
    const a = await newMerchant();
    const b = await newMerchant(stack, 'Second Merchant');
    expect(a.accountId).not.toBe(b.accountId);
    expect(a.test).toEqual({
      baseUrl: stack.test.baseUrl,
      secretKey: expect.stringMatching(/^sk_test_/),
      publishableKey: expect.stringMatching(/^pk_test_/),
    });
    expect(a.live.baseUrl).toBe(stack.live.baseUrl);
    expect(a.test.secretKey).not.toBe(b.test.secretKey);
    expect((await api(a.test.baseUrl, a.test.secretKey).get('/1/customers')).status).toBe(200);
  });

  it('answers unknown paths with a Pin 404 and a request id', async () => {
    for (const url of [
      `${stack.test.baseUrl}/1/nothing-here`,
      `${stack.live.baseUrl}/1/nothing-here`,
      `http://localhost:${stack.port}/nowhere`,
      `http://localhost:${stack.port}/`,
    ]) {
      const res = await request('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toEqual({
        error: 'not_found',
        error_description: 'The requested resource could not be found.',
      });
      expect(res.headers.get('x-request-id'), url).toBeTruthy();
    }
    const local404 = await request('GET', `http://localhost:${stack.port}/_local/nothing`);
    expect(local404.status).toBe(404);
    expect(local404.body.error).toBe('not_found');
  });

  it('refuses a body over 1 MiB at the gateway with a Pin 413', async () => {
    const tooLarge = await api(stack.test.baseUrl, stack.test.secretKey).post(
      '/1/customers',
      'a'.repeat(1024 * 1024 + 1),
      {
        raw: true,
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      error: 'request_too_large',
      error_description: 'The request body is too large.',
    });
    expect(tooLarge.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('a persistent stack of its own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-own-'));
  let own: OwnStack;
  const advance = (body: unknown, options: { form?: boolean } = {}) =>
    request('POST', `${own.clockUrl}/advance`, body, options);

  beforeAll(async () => {
    own = await startOwnStack({ dataDir, inMemory: false });
  });

  afterAll(async () => {
    await own?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes local.json, a private card key, the seed and the data', () => {
    const written = JSON.parse(readFileSync(join(dataDir, 'local.json'), 'utf8'));
    expect(written).toEqual({
      test: own.test,
      live: own.live,
      partnerKey: own.partnerKey,
      clockUrl: own.clockUrl,
    });
    expect(own.test.baseUrl).toBe(`http://localhost:${own.port}/test`);
    expect(readFileSync(join(dataDir, 'card.key'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dataDir, 'card.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'seed.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'dynamodb', 'shared-local-instance.db'))).toBe(true);
    expect(own.output()).toContain(own.test.secretKey);
    expect(own.output()).toContain(own.clockUrl);
  });

  it('moves the clock by a form or JSON number of seconds', async () => {
    const before = seconds((await request('GET', own.clockUrl)).body.now);
    const byForm = await advance({ seconds: '3600' }, { form: true });
    expect(byForm.status).toBe(200);
    // The answer was extended with what the scheduler ran (local-console.test.ts): `now` is unchanged.
    expect(byForm.body).toMatchObject({ now: expect.stringMatching(timestamp) });
    expect(seconds(byForm.body.now) - before).toBeGreaterThanOrEqual(3600);
    expect(seconds(byForm.body.now) - before).toBeLessThan(3600 + 5);

    const byJson = await advance({ seconds: 86400 });
    expect(byJson.status).toBe(200);
    expect(seconds(byJson.body.now) - seconds(byForm.body.now)).toBeGreaterThanOrEqual(86400);
    expect(seconds(byJson.body.now) - seconds(byForm.body.now)).toBeLessThan(86400 + 5);

    const byJsonString = await advance({ seconds: '60' });
    expect(seconds(byJsonString.body.now) - seconds(byJson.body.now)).toBeGreaterThanOrEqual(60);
    const now = await request('GET', own.clockUrl);
    expect(seconds(now.body.now)).toBeGreaterThanOrEqual(seconds(byJsonString.body.now));
    expect(JSON.parse(readFileSync(join(dataDir, 'clock.json'), 'utf8')).offsetMs).toBe(
      (3600 + 86400 + 60) * 1000,
    );
  });

  it('refuses seconds that are not a positive number with a Pin 422', async () => {
    const refusal = {
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [{ param: 'seconds', code: 'seconds_invalid', message: 'Seconds must be a positive number' }],
    };
    const bodies: [unknown, { form?: boolean }][] = [
      [{}, {}],
      [{ seconds: 0 }, {}],
      [{ seconds: -5 }, {}],
      [{ seconds: 'soon' }, {}],
      [{ seconds: null }, {}],
      [{ seconds: [1] }, {}],
      [{ seconds: '' }, { form: true }],
      [{ seconds: '-1' }, { form: true }],
      [{ seconds: 'abc' }, { form: true }],
    ];
    for (const [body, options] of bodies) {
      const res = await advance(body, options);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual(refusal);
    }
    const infinite = await request('POST', `${own.clockUrl}/advance`, '{"seconds":1e400}', {
      raw: true,
      contentType: 'application/json',
    });
    expect(infinite.status).toBe(422);
  });

  it('keeps its seed, keys and clock across a restart, and stops cleanly on SIGTERM', async () => {
    const first = own;
    const nowBefore = seconds((await request('GET', first.clockUrl)).body.now);
    const customer = await api(first.test.baseUrl, first.test.secretKey).post('/1/customers', {
      email: 'kept@example.com',
      card: {
        number: '4200000000000000',
        expiry_month: '05',
        expiry_year: '2030',
        cvc: '123',
        name: 'Kept Customer',
        address_line1: '1 Test St',
        address_city: 'Perth',
        address_country: 'Australia',
      },
    });
    expect(customer.status).toBe(201);
    // The functions read the very clock the stack moved.
    expect(seconds(customer.body.response.created_at)).toBeGreaterThanOrEqual(nowBefore);

    expect(await first.stop()).toBe(0);
    expect(javaProcessesWith(dataDir)).toBe('');

    own = await startOwnStack({ dataDir, inMemory: false });
    expect(own.test).toEqual({ ...first.test, baseUrl: `http://localhost:${own.port}/test` });
    expect(own.live.secretKey).toBe(first.live.secretKey);
    expect(own.partnerKey).toBe(first.partnerKey);
    const nowAfter = seconds((await request('GET', own.clockUrl)).body.now);
    expect(nowAfter).toBeGreaterThanOrEqual(nowBefore);
    expect(nowAfter - Date.now() / 1000).toBeGreaterThan(3600 + 86400 + 60 - 5);

    const kept = await api(own.test.baseUrl, own.test.secretKey).get(
      `/1/customers/${customer.body.response.token}`,
    );
    expect(kept.status).toBe(200);
    expect(kept.body.response.email).toBe('kept@example.com');
  });
});
