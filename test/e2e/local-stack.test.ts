import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, newMerchant, request, useStack } from '../helpers/stack.ts';

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const seconds = (text: string): number => Date.parse(text) / 1000;

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
      const res = await request('POST', `${stack.clockUrl}/advance`, body, options);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual(refusal);
    }
    const infinite = await request('POST', `${stack.clockUrl}/advance`, '{"seconds":1e400}', {
      raw: true,
      contentType: 'application/json',
    });
    expect(infinite.status).toBe(422);
  });
});
