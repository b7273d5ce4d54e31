import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, type Merchant, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';
import { crash, startTraffic } from './crash/crash-traffic.ts';

const crashes = 3;
const clients = 6;

let dataDir: string;
let receiver: Receiver;
let stack: OwnStack | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wattle-crash-'));
  receiver = await startReceiver(200);
});

afterAll(async () => {
  // Stopping also checks the stack's table and logs for card data in clear.
  await Promise.all([stack?.stop(), receiver?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () => startOwnStack({ dataDir, inMemory: false, logLevel: 'ERROR' });
const client = (on: OwnStack, merchant: Merchant): Api =>
  api(`http://localhost:${on.port}/test`, merchant.test.secretKey);

/** Every item of a list endpoint, all pages. */
// biome-ignore lint/suspicious/noExplicitAny: the items are read loosely, as Pin presents them
const listAll = async (c: Api, path: string): Promise<any[]> => {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const items: any[] = [];
  for (let page = 1; ; page++) {
    const res = await c.get(`${path}?page=${page}`);
    expect(res.status, res.text).toBe(200);
    items.push(...res.body.response);
    if (res.body.response.length < res.body.pagination.per_page) return items;
  }
};

describe(`the local stack killed (SIGKILL) ${crashes} times under load and restarted on its data`, () => {
  it('ends with every committed event delivered once per endpoint', {
    timeout: hangNet(240_000),
  }, async () => {
    stack = await start();
    const merchant = await newMerchant(stack);
    const endpoints: string[] = [];
    for (const path of ['/hooks/1', '/hooks/2']) {
      const res = await client(stack, merchant).post('/1/webhook_endpoints', { url: receiver.url(path) });
      expect(res.status, res.text).toBe(201);
      endpoints.push(res.body.response.token);
    }
    const failures: string[] = [];
    let answered = 0;
    for (let n = 0; n <= crashes; n++) {
      if (n > 0) stack = await start();
      const traffic = startTraffic(client(stack, merchant), clients);
      // Some requests through first (a restarted stack loads its functions again), then a random moment.
      await waitUntil(() => (traffic.answered() >= 5 ? true : undefined), 60_000, 'the first answers');
      await sleep(200 + Math.random() * 2500);
      if (n < crashes) await crash(stack);
      await traffic.stop();
      failures.push(...traffic.failures);
      answered += traffic.answered();
    }
    expect(failures).toEqual([]);

    const c = client(stack, merchant);
    const events = await listAll(c, '/1/events');
    expect(events.length).toBeGreaterThanOrEqual(answered);
    const tokens = new Set<string>(events.map((event) => event.token));
    const pair = (event: string, endpoint: string) => `${event} → ${endpoint}`;
    const wanted = [...tokens].flatMap((event) => endpoints.map((endpoint) => pair(event, endpoint)));
    const pathOf = new Map([
      [endpoints[0], '/hooks/1'],
      [endpoints[1], '/hooks/2'],
    ]);
    // Messages taken by a killed stack come back after the queue's visibility timeout (60 s).
    const started = Date.now();
    const records = await waitUntil(
      async () => {
        const received = new Set(receiver.requests.map((r) => `${JSON.parse(r.body).token} ${r.path}`));
        const done = wanted.every((p) => {
          const [event, endpoint] = p.split(' → ') as [string, string];
          return received.has(`${event} ${pathOf.get(endpoint)}`);
        });
        if (!done) return undefined;
        // Listed only once every webhook was delivered, so none is made while the pages are read
        // (a webhook made between two pages shifts the later ones: one listed twice, one missed).
        const webhooks = await listAll(c, '/1/webhooks');
        const completed = webhooks.filter((w) => w.status === 'completed').length;
        return completed >= wanted.length ? webhooks : undefined;
      },
      150_000,
      'a delivered webhook for every event and endpoint',
    );
    // Wattle's records: exactly one webhook per event and endpoint, each completed.
    const counts = new Map<string, number>();
    for (const w of records) {
      expect(tokens.has(w.event_token), w.event_token).toBe(true);
      counts.set(
        pair(w.event_token, w.webhook_endpoint_token),
        (counts.get(pair(w.event_token, w.webhook_endpoint_token)) ?? 0) + 1,
      );
    }
    expect(wanted.filter((p) => counts.get(p) !== 1)).toEqual([]);
    expect(records.filter((w) => w.status !== 'completed')).toEqual([]);
    // The receiver got each at least once (an attempt cut by a crash is made again).
    const posts = receiver.requests.length;
    console.log(
      `crash test: ${events.length} events, ${records.length} webhooks, ${posts} posts received (${posts - records.length} again after a crash), drained in ${Date.now() - started} ms`,
    );
  });
});
