import { createServer } from 'node:net';
import { verifyPinSignature } from '@wattle/verify-webhook';
import { type Resolver, sendWebhook, signPinSignature } from '@wattle/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, settle, startReceiver } from '../helpers/receiver.ts';

const key = 'endpoint-key';
const body = '{"token":"evt_1","type":"customer.created","data":{},"created_at":"2026-11-21T05:00:00Z"}';
const signed = (url: string) => ({ url, body, signature: signPinSignature(body, key, new Date()) });
const local = { allowLoopback: true };

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  await receiver.close();
});

describe('sending a webhook', () => {
  it('POSTs the body as JSON with its signature, and takes any 2xx', async () => {
    receiver.answer = 204;
    const outcome = await sendWebhook(signed(receiver.url('/ok')), local);
    expect(outcome).toEqual({ accepted: true, status: 204 });
    const request = receiver.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/ok', body });
    expect(request.headers['content-type']).toBe('application/json');
    expect(verifyPinSignature(request.headers['pin-signature'] as string, request.body, key)).toBe(true);
  });

  it('counts anything else as refused, a redirect too, without following it', async () => {
    receiver.answer = 500;
    expect(await sendWebhook(signed(receiver.url('/err')), local)).toEqual({
      accepted: false,
      error: 'unexpected_http_code',
      description: 'Unexpected http code 500',
    });
    receiver.answer = 301;
    const before = receiver.requests.length;
    expect(await sendWebhook(signed(receiver.url('/old')), local)).toMatchObject({
      error: 'unexpected_http_code',
      description: 'Unexpected http code 301',
    });
    await settle(200);
    expect(receiver.requests.slice(before).map((r) => r.path)).toEqual(['/old']);
  });

  it('gives up when no answer comes in time', async () => {
    receiver.answer = () => new Promise<number>((resolve) => setTimeout(() => resolve(200), 2000));
    const started = Date.now();
    const outcome = await sendWebhook(signed(receiver.url('/slow')), { ...local, timeoutMs: 300 });
    expect(outcome).toEqual({
      accepted: false,
      error: 'timeout',
      description: 'No response within 0.3 seconds',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a refused connection', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    expect(await sendWebhook(signed(`http://127.0.0.1:${closed}/`), local)).toEqual({
      accepted: false,
      error: 'connection_failed',
      description: 'Could not connect (ECONNREFUSED)',
    });
  });

  it('refuses a host that resolves to loopback when the guard is on, with no request made', async () => {
    receiver.answer = 200;
    const before = receiver.requests.length;
    const url = receiver.url('/guarded').replace('127.0.0.1', 'localhost');
    const outcome = await sendWebhook(signed(url), { allowLoopback: false });
    expect(outcome).toMatchObject({ accepted: false, error: 'address_not_allowed' });
    await settle(200);
    expect(receiver.requests.length).toBe(before);
  });

  it('connects to the address it checked, looking the host up once (no rebinding in between)', async () => {
    receiver.answer = 200;
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const url = receiver.url('/pinned').replace('127.0.0.1', 'webhooks.example');
    expect(await sendWebhook(signed(url), { ...local, resolve })).toEqual({ accepted: true, status: 200 });
    expect(lookups).toBe(1);
    expect(receiver.requests.at(-1)!.headers.host).toMatch(/^webhooks\.example:\d+$/);
  });

  it('reports a host that does not resolve', async () => {
    const resolve: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(
      await sendWebhook(signed('https://nowhere.invalid/'), { allowLoopback: false, resolve }),
    ).toMatchObject({
      error: 'host_not_found',
      description: 'Could not resolve the host nowhere.invalid',
    });
  });
});
