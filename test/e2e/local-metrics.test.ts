import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MetricTotal } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type Receiver, startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, advanceClock, api, type OwnStack, request, startOwnStack } from '../helpers/stack.ts';

/**
 * The functions' business metrics, read locally (GET /_local/metrics) as the stack's dashboard
 * reads them in AWS: a charge, a decline, a replay, an unknown outcome and its recovery, and a
 * webhook delivery, each counted once. On a
 * stack of its own, so that no other file's charges are counted with these.
 */
describe('the local stack shows the functions metrics at GET /_local/metrics', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-metrics-'));
  let stack: OwnStack;
  let receiver: Receiver;
  let client: Api;

  const metrics = async (name?: string): Promise<MetricTotal[]> => {
    const base = stack.clockUrl.replace('/clock', '');
    const res = await request('GET', `${base}/metrics${name ? `?name=${name}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.metrics as MetricTotal[];
  };
  const total = (all: MetricTotal[], name: string, dimensions: Record<string, string>) =>
    all.find((m) => m.name === name && JSON.stringify(m.dimensions) === JSON.stringify(dimensions));

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startOwnStack({ dataDir });
    client = api(stack.test.baseUrl, stack.test.secretKey);
  });
  afterAll(async () => {
    await receiver?.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a charge, a decline and a replay by outcome, and times the processor', async () => {
    const once = { headers: { 'Idempotency-Key': 'metrics-approved' } };
    const approved = await client.post('/1/charges', chargeFields(), once);
    expect(approved.status).toBe(201);
    const replayed = await client.post('/1/charges', chargeFields(), once);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const declined = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '4100000000000001' }) }),
    );
    expect(declined.status).toBe(400);
    expect(declined.body.charge_token).toEqual(expect.any(String));

    const all = await metrics();
    expect(total(all, 'Charges', { Environment: 'test', Outcome: 'succeeded' })?.count).toBe(1);
    expect(total(all, 'Charges', { Environment: 'test', Outcome: 'declined' })?.count).toBe(1);
    expect(total(all, 'IdempotentReplays', { Environment: 'test' })?.count).toBe(1);
    const on = { Environment: 'test', Processor: 'simulator', Operation: 'authorise' };
    expect(total(all, 'ProcessorCalls', { ...on, Outcome: 'approved' })?.count).toBe(1);
    expect(total(all, 'ProcessorCalls', { ...on, Outcome: 'declined' })?.count).toBe(1);
    const latency = total(all, 'ProcessorLatency', on);
    expect(latency).toMatchObject({ unit: 'Milliseconds', count: 2 });
    expect(latency!.min).toBeGreaterThanOrEqual(0);
    expect(all.filter((m) => m.name === 'UnknownOutcomes')).toEqual([]);
    // `?name=` keeps one metric.
    expect(new Set((await metrics('Charges')).map((m) => m.name))).toEqual(new Set(['Charges']));
  });

  it('counts an unknown outcome, and its recovery by the scheduler', async () => {
    const unknown = await client.post(
      '/1/charges',
      chargeFields({ card: cardFields({ number: '4610000000000012' }) }),
    );
    expect(unknown.status).toBe(202);
    let all = await metrics();
    expect(total(all, 'Charges', { Environment: 'test', Outcome: 'pending' })?.count).toBe(1);
    const on = { Environment: 'test', Processor: 'simulator' };
    expect(total(all, 'UnknownOutcomes', { ...on, Operation: 'authorise' })?.count).toBe(1);
    expect(total(all, 'UnknownOutcomesRecovered', on)).toBeUndefined();

    await advanceClock(stack, 180);
    all = await metrics();
    expect(total(all, 'UnknownOutcomesRecovered', on)?.count).toBe(1);
    expect(total(all, 'UnknownOutcomesUnrecovered', on)).toBeUndefined();
    expect(total(all, 'SchedulerDueItems', {})?.sum).toBeGreaterThanOrEqual(1);
    // The clock jumped past the recovery's due time: the run found it late.
    expect(total(all, 'SchedulerLag', {})?.max).toBeGreaterThan(0);
  });

  it('counts a webhook delivered, with its lag', async () => {
    const endpoint = await client.post('/1/webhook_endpoints', { url: receiver.url() });
    expect(endpoint.status).toBe(201);
    const customer = await client.post('/1/customers', { email: 'metrics@example.com', card: cardFields() });
    expect(customer.status).toBe(201);
    await receiver.waitFor(1);
    // Every webhook the receiver took counted (the customer's events may arrive one after another).
    const delivered = await waitUntil(
      async () => {
        const counted = total(await metrics(), 'WebhooksDelivered', { Environment: 'test' });
        return counted && counted.count === receiver.requests.length ? counted : undefined;
      },
      hangNet(10_000),
      'every delivered webhook counted',
    );
    expect(delivered.count).toBeGreaterThanOrEqual(1);
    const lag = total(await metrics(), 'WebhookLag', { Environment: 'test' });
    expect(lag).toMatchObject({ unit: 'Seconds', count: delivered.count });
    expect(lag!.max).toBeGreaterThanOrEqual(0);
    expect(total(await metrics(), 'WebhookAttemptsFailed', { Environment: 'test' })).toBeUndefined();
  });
});
