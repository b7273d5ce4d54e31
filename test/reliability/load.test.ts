import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTableName } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hangNet } from '../helpers/hang-net.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, newMerchant, type OwnStack, startOwnStack } from '../helpers/stack.ts';
import { latencySummary, runTraffic, warmUp } from './load/traffic.ts';
import { checkWebhookRecords, eventTokens } from './load/webhook-records.ts';

const clients = Number(process.env.WATTLE_LOAD_CLIENTS ?? 200);
/**
 * 30 s of 200 clients holds the stack saturated well past its warm-up (every request then waits
 * seconds in line), and the drain that follows scales with what was sent: longer runs prove no
 * more, and WATTLE_LOAD_SECONDS sets a soak of any length.
 */
const seconds = Number(process.env.WATTLE_LOAD_SECONDS ?? 30);
/** Merchants sharing the clients: one merchant's list counters are a hot spot no real merchant has at 200 clients. */
const merchantCount = 20;

/** The stack's ERROR log lines (JSON lines of the functions' loggers, and the gateway's own). */
const errorLines = (output: string): string[] =>
  output
    .split('\n')
    .filter(
      (line) => line.startsWith('ERROR ') || line.includes('"ERROR"') || line.includes('[wattle-local]'),
    );

let stack: OwnStack;
let receiver: Receiver;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wattle-load-'));
  [stack, receiver] = await Promise.all([startOwnStack({ dataDir, logLevel: 'ERROR' }), startReceiver(200)]);
});

afterAll(async () => {
  // Stopping also checks the stack's table and logs for card data in clear.
  await Promise.all([stack?.stop(), receiver?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`${clients} clients for ${seconds} s on the local stack`, () => {
  it('answer no 5xx, and every event gets its webhook records once drained', {
    timeout: hangNet((seconds + 420) * 1000),
  }, async () => {
    const merchants: Api[] = [];
    for (let i = 0; i < merchantCount; i++) {
      const merchant = await newMerchant(stack);
      const client = api(merchant.test.baseUrl, merchant.test.secretKey);
      const endpoint = await client.post('/1/webhook_endpoints', { url: receiver.url(`/hooks/${i}`) });
      expect(endpoint.status, endpoint.text).toBe(201);
      merchants.push(client);
    }
    await warmUp(merchants[0] as Api);
    // …and the delivery function, which loads with the first event's webhook.
    await receiver.waitFor(1, undefined, 60_000);
    const before = await eventTokens(stack, localTableName);

    const report = await runTraffic(merchants, clients, seconds);
    const summary = `${report.requests} requests, by status ${JSON.stringify([...report.byStatus])}`;
    console.log(`load: ${summary}\n${latencySummary(report).join('\n')}`);
    // A 5xx is logged by the stack with its error: show those lines, so the cause is in the report.
    if (report.failures.length > 0) console.log(errorLines(stack.output()).slice(0, 20).join('\n'));
    expect(report.failures.slice(0, 20), summary).toEqual([]);
    expect(report.requests).toBeGreaterThan(clients);

    // Drained: every event the traffic committed has one webhook per endpoint of its merchant.
    const started = Date.now();
    const drained = await waitUntil(
      async () => {
        const records = await checkWebhookRecords(stack, localTableName, before);
        expect(records.duplicated).toEqual([]);
        return records.missing.length === 0 ? records : undefined;
      },
      300_000,
      'every event to have its webhook records',
    );
    console.log(
      `load: ${drained.events} events, ${drained.webhooks} webhooks, drained in ${Date.now() - started} ms`,
    );
    expect(drained.events).toBeGreaterThan(merchantCount);
    expect(drained.webhooks).toBeGreaterThanOrEqual(drained.events);
  });
});
