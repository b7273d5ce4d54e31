// A project's own test suite (node:test) with Wattle installed from its tarball: copied into a
// temporary project outside the repository and run there by package-install.test.ts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { startWattle } from 'wattle';

const card = {
  'card[number]': '4200000000000000',
  'card[expiry_month]': '12',
  'card[expiry_year]': String(new Date().getFullYear() + 2),
  'card[cvc]': '123',
  'card[name]': 'Roland Robot',
  'card[address_line1]': '42 Sevenoaks St',
  'card[address_city]': 'Lathlain',
  'card[address_country]': 'Australia',
};

let wattle;
/** The webhooks this project's receiver got, and a wait for the next. */
const received = [];
let arrived = () => {};
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ signature: request.headers['pin-signature'], body: JSON.parse(body) });
    response.end('ok');
    arrived();
  });
});

/** The test API with the seeded merchant's secret key: form bodies, as Pin takes them. */
const pin = async (method, path, fields) => {
  const response = await fetch(`${wattle.testBaseUrl}${path}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${wattle.keys.test.secretKey}:`).toString('base64')}` },
    ...(fields ? { body: new URLSearchParams(fields) } : {}),
  });
  return { status: response.status, body: await response.json() };
};

before(async () => {
  // Its data directory in the project, where `npx wattle …` finds local.json (.wattle by default),
  // on the engine that behaves as AWS does (DynamoDB Local and the SQS emulator), asked for.
  wattle = await startWattle({ dataDir: join(process.cwd(), '.wattle'), store: 'dynamodb' });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
});

after(async () => {
  receiver.close();
  await wattle?.stop();
});

test('it runs on the engine asked for: DynamoDB Local, not the memory engine', async () => {
  // Only the memory engine opens its records to a test (GET /_local/records).
  const records = await fetch(new URL('/_local/records', wattle.clockUrl));
  assert.equal(records.status, 404);
});

test('a charge, and its webhook at the project’s own server', { timeout: 30_000 }, async () => {
  const endpoint = await pin('POST', '/1/webhook_endpoints', {
    url: `http://127.0.0.1:${receiver.address().port}/pin`,
  });
  assert.equal(endpoint.status, 201);
  const delivered = new Promise((resolve) => {
    arrived = resolve;
  });
  const charge = await pin('POST', '/1/charges', {
    amount: '400',
    currency: 'AUD',
    description: 'Wattle as a dev dependency',
    email: 'roland@pinpayments.com',
    ip_address: '203.0.113.1',
    ...card,
  });
  assert.equal(charge.status, 201);
  assert.equal(charge.body.response.success, true);
  await delivered;
  const [webhook] = received;
  assert.equal(webhook.body.type, 'charge.captured');
  assert.equal(webhook.body.data.token, charge.body.response.token);
  assert.match(webhook.signature, /^t=\d+,v1=/);
});

test('the wattle command talks to the stack it started', { timeout: 30_000 }, async () => {
  const { stdout } = await promisify(execFile)('npx', ['--no-install', 'wattle', 'charges', 'list']);
  assert.match(stdout, /ch_[\w-]+ {2}Success {2}400 {2}AUD/);
});

test('the clock moves, and reset brings it back to the real time', { timeout: 30_000 }, async () => {
  const before = await wattle.clock.now();
  const later = await wattle.clock.advance(3600);
  assert.ok(later.getTime() - before.getTime() >= 3_600_000);
  const tomorrow = new Date(later.getTime() + 86_400_000);
  assert.ok((await wattle.clock.set(tomorrow)).getTime() >= tomorrow.getTime());
  await assert.rejects(wattle.clock.set(before), /forward only/);
  await wattle.reset();
  assert.ok((await wattle.clock.now()).getTime() - Date.now() < 60_000);
  assert.equal((await pin('GET', '/1/charges')).body.response.length, 0);
});
