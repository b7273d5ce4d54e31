import { retryDelaysSeconds } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';
import { settle, useReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, advanceClock, api, newMerchant, useClockStack } from '../helpers/stack.ts';

// Moves the clock: it runs on the clock stack (useClockStack).
const stack = useClockStack();
const target = useReceiver();

/** A fresh merchant whose one endpoint is this file's receiver, under its own path. */
const merchantWithEndpoint = async (path: string): Promise<Api> => {
  const m = await newMerchant(stack);
  const client = api(m.test.baseUrl, m.test.secretKey);
  expect((await client.post('/1/webhook_endpoints', { url: target.url(path) })).status).toBe(201);
  return client;
};

const createCustomer = async (client: Api, notes = '') => {
  const res = await client.post('/1/customers', { email: 'roland@example.com', notes, card: cardFields() });
  expect(res.status).toBe(201);
  return res.body.response;
};

const onlyWebhook = async (client: Api, done: (w: Record<string, unknown>) => boolean) =>
  waitUntil(async () => {
    const [webhook] = (await client.get('/1/webhooks')).body.response;
    return webhook && done(webhook) ? webhook : undefined;
  });

describe('webhook retries', () => {
  it('retry a refused webhook when its next run falls due, and complete it', async () => {
    const client = await merchantWithEndpoint('/retry');
    target.answer = (request) => (request.path === '/retry' ? 500 : 200);
    await createCustomer(client);
    const refused = await onlyWebhook(client, (w) => w.status === 'retrying');
    expect(refused).toMatchObject({ retries: 1, accepted_at: null });

    // Not due yet: nothing happens.
    await advanceClock(stack, 30);
    await settle(300);
    expect(target.requests.filter((r) => r.path === '/retry')).toHaveLength(1);

    target.answer = 200;
    await advanceClock(stack, 31);
    const done = await onlyWebhook(client, (w) => w.status === 'completed');
    expect(done).toMatchObject({ retries: 1, next_run: null, accepted_at: expect.any(String) });
    expect(Object.values(done.errors as object)).toEqual([
      { error: 'unexpected_http_code', error_description: 'Unexpected http code 500' },
    ]);
    expect(target.requests.filter((r) => r.path === '/retry')).toHaveLength(2);
  });

  it('fail for good after the last retry of the schedule, and can be replayed then', async () => {
    const client = await merchantWithEndpoint('/never');
    target.answer = (request) => (request.path === '/never' ? 503 : 200);
    await createCustomer(client);
    let webhook = await onlyWebhook(client, (w) => w.retries === 1);
    for (const [i, delay] of retryDelaysSeconds.entries()) {
      await advanceClock(stack, delay);
      webhook = await onlyWebhook(client, (w) => w.retries === i + 2);
    }
    expect(webhook).toMatchObject({ status: 'failed', retries: 13, next_run: null, accepted_at: null });
    expect(Object.keys(webhook.errors as object)).toHaveLength(13);
    const sent = () => target.requests.filter((r) => r.path === '/never').length;
    expect(sent()).toBe(13);

    await advanceClock(stack, 7 * 86400);
    await settle(300);
    expect(sent()).toBe(13);

    target.answer = 200;
    const replayed = await client.put(`/1/webhooks/${webhook.token}/replay`);
    expect(replayed.body.response).toMatchObject({ status: 'pending', retries: 0, errors: {} });
    await onlyWebhook(client, (w) => w.status === 'completed');
    expect(sent()).toBe(14);
  });
});
