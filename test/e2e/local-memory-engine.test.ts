import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFields, merchantApplication } from '../helpers/fixtures.ts';
import { descendantsOf } from '../helpers/process-tree.ts';
import { type Receiver, startReceiver } from '../helpers/receiver.ts';
import { advanceClock, api, type OwnStack, request, startOwnStack } from '../helpers/stack.ts';

describe('the local stack on the memory engine (npm start -- --store memory)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-memory-engine-'));
  let stack: OwnStack;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Not --in-memory: the memory engine keeps nothing even when asked to keep data.
    stack = await startOwnStack({ dataDir, inMemory: false, args: ['--store', 'memory'] });
  });
  afterAll(async () => {
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts no Java and no SQS emulator, and says which engine it runs on', () => {
    const pid = stack.process.pid!;
    expect(descendantsOf(pid).map((p) => p.command)).not.toContain('java');
    expect(stack.output()).toMatch(/store\s+memory engine \(no DynamoDB Local, no SQS emulator\)/);
    expect(stack.output()).not.toMatch(/DynamoDB Local\s+http|SQS \(fauxqs\)/);
    expect(stack.ddbEndpoint).toBe('');
  });

  it('delivers an event to a webhook endpoint by the delivery flow', async () => {
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    const endpoint = await client.post('/1/webhook_endpoints', { url: receiver.url() });
    expect(endpoint.status).toBe(201);
    const customer = await client.post('/1/customers', { email: 'memory@example.com', card: cardFields() });
    expect(customer.status).toBe(201);
    const [delivered] = await receiver.waitFor(
      1,
      (r) => JSON.parse(r.body).data?.token === customer.body.response.token,
    );
    expect(JSON.parse(delivered!.body)).toMatchObject({ type: 'customer.created' });
    const listed = await client.get('/1/customers');
    expect(listed.body.count).toBe(1);
  });

  it('shows what it holds at GET /_local/records: each kind by id, the card number only sealed', async () => {
    const res = await request('GET', `${stack.clockUrl.replace('/clock', '')}/records`);
    expect(res.status).toBe(200);
    const [customer] = Object.entries(res.body.customer ?? {});
    expect(customer?.[0]).toMatch(/^acct_[\w-]+#test#cus_/);
    expect(res.body.event).toEqual(expect.any(Object));
    expect(JSON.stringify(customer?.[1])).toContain('memory@example.com');
    expect(Object.keys(res.body['customer-card'] ?? {})).toHaveLength(1);
    expect(res.text).not.toContain(cardFields().number);
  });

  it('moves its clock, and a reset empties it to the seeded accounts with the same keys', async () => {
    const before = Date.now();
    const moved = await advanceClock(stack, 86_400);
    expect(Date.parse(moved)).toBeGreaterThan(before + 86_000_000);
    const reset = await request('POST', `${stack.clockUrl.replace('/clock', '')}/reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.deleted).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(reset.body.now) - Date.now())).toBeLessThan(5_000);
    const client = api(stack.test.baseUrl, stack.test.secretKey);
    const listed = await client.get('/1/customers');
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(0);
  });

  it('approves a merchant referred after the reset through the control door (the new world’s)', async () => {
    const partner = api(stack.test.baseUrl, stack.partnerKey);
    const referred = await partner.post('/1/merchants', merchantApplication());
    expect(referred.status).toBe(201);
    const token = referred.body.response.token as string;
    const approved = await request(
      'POST',
      `${stack.clockUrl.replace('/clock', '')}/merchants/${token}/activate`,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.response).toMatchObject({ token, status: 'active' });
    expect((await partner.get(`/1/merchants/${token}`)).body.response.status).toBe('active');
  });

  it('keeps nothing in its data directory but local.json and the request log, and stops cleanly', async () => {
    expect(await stack.stop()).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(['local.json', 'requests.log']);
  });
});
