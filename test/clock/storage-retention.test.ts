import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields } from '../helpers/fixtures.ts';
import { type Receiver, settle, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, advanceClock, api, newMerchant, useClockStack } from '../helpers/stack.ts';

// Moves the clock by a month: it runs on the clock stack (useClockStack).
const stack = useClockStack();
let target: Receiver;
const day = 86_400;

beforeAll(async () => {
  target = await startReceiver();
});

afterAll(async () => {
  await target?.close();
});

interface Listed {
  tokens: string[];
  count: number;
}

const list = async (client: Api, path: string): Promise<Listed> => {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return {
    tokens: (res.body.response as { token: string }[]).map((item) => item.token),
    count: res.body.pagination.count as number,
  };
};

const createCustomer = async (client: Api) => {
  const res = await client.post('/1/customers', { email: 'roland@example.com', card: cardFields() });
  expect(res.status).toBe(201);
};

/** Every event has its webhook, delivered: the lists are settled. */
const settledLists = (client: Api) =>
  waitUntil(async () => {
    const [events, webhooks] = [await list(client, '/1/events'), await list(client, '/1/webhooks')];
    const delivered = (await client.get('/1/webhooks')).body.response.every(
      (w: { status: string }) => w.status === 'completed',
    );
    return webhooks.count === events.count && delivered ? { events, webhooks } : undefined;
  });

describe('retention of events and webhooks', () => {
  it('drops them once the 30 days have passed, and the counts stay those of the lists', async () => {
    const m = await newMerchant(stack);
    const client = api(m.test.baseUrl, m.test.secretKey);
    expect((await client.post('/1/webhook_endpoints', { url: target.url('/kept') })).status).toBe(201);
    await createCustomer(client);
    await createCustomer(client);
    const old = await settledLists(client);
    expect(old.events.tokens.length).toBeGreaterThanOrEqual(2);
    expect(old.events.count).toBe(old.events.tokens.length);

    // Within the retention everything stays (the sweep runs in the background: give it time).
    await advanceClock(stack, 29 * day);
    await settle(500);
    expect(await list(client, '/1/events')).toEqual(old.events);
    expect(await list(client, '/1/webhooks')).toEqual(old.webhooks);

    // Past it the old ones are gone; what happened since is listed and counted alone.
    await advanceClock(stack, 2 * day);
    await createCustomer(client);
    const now = await waitUntil(async () => {
      const lists = await settledLists(client);
      // The background sweep takes events and webhooks in turn: wait until it has taken both.
      const kept = (tokens: string[], before: string[]) => tokens.some((t) => before.includes(t));
      return kept(lists.events.tokens, old.events.tokens) || kept(lists.webhooks.tokens, old.webhooks.tokens)
        ? undefined
        : lists;
    });
    expect(now.events.tokens.length).toBeGreaterThanOrEqual(1);
    expect(now.events.tokens.filter((t) => old.events.tokens.includes(t))).toEqual([]);
    expect(now.webhooks.tokens.filter((t) => old.webhooks.tokens.includes(t))).toEqual([]);
    expect(now.events.count).toBe(now.events.tokens.length);
    expect(now.webhooks.count).toBe(now.webhooks.tokens.length);
    expect((await client.get(`/1/events/${old.events.tokens[0]}`)).status).toBe(404);
    expect((await client.get(`/1/webhooks/${old.webhooks.tokens[0]}`)).status).toBe(404);

    // Another sweep (the next tick) changes nothing: each expiry was counted once.
    await advanceClock(stack, 60);
    await settle(500);
    expect(await list(client, '/1/events')).toEqual(now.events);
    expect(await list(client, '/1/webhooks')).toEqual(now.webhooks);
  });
});
