import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWattle } from '../helpers/cli.ts';
import { startWithFixedTestKeys } from '../helpers/fixed-keys.ts';
import { chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import {
  advanceClock,
  api,
  clockNow,
  newMerchant,
  type OwnStack,
  request,
  startOwnStack,
} from '../helpers/stack.ts';

// What a stack kept on disk (not --in-memory) holds across a restart: its card key, seed, clock,
// data and files. On the DynamoDB engine only: the memory engine keeps nothing after it stops
// (local-memory-engine.test.ts checks that it does not).

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

const filesBelow = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)],
  );

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
    // The stack's own database in DynamoDB Local, that of its access key (no shared one).
    expect(existsSync(join(dataDir, 'dynamodb', `${own.ddbAccessKeyId}_ap-southeast-2.db`))).toBe(true);
    expect(existsSync(join(dataDir, 'dynamodb', 'shared-local-instance.db'))).toBe(false);
    expect(own.output()).toContain(own.test.secretKey);
    expect(own.output()).toContain(own.clockUrl);
  });

  it('keeps an uploaded file as a private file under its data directory', async () => {
    const merchant = await newMerchant(own);
    const form = new FormData();
    form.set('purpose', 'dispute_evidence');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('JFIF'),
      Buffer.from([0xff, 0xd9]),
    ]);
    form.set('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    const made = await fetch(`${merchant.test.baseUrl}/1/files`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${merchant.test.secretKey}:`).toString('base64')}` },
      body: form,
    });
    expect(made.status).toBe(200);
    const file = ((await made.json()) as { response: { token: string } }).response;
    const stored = filesBelow(join(dataDir, 'files'));
    expect(stored).toEqual([join(dataDir, 'files', merchant.accountId, 'test', file.token)]);
    expect(statSync(stored[0]!).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'files', merchant.accountId)).mode & 0o777).toBe(0o700);
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

describe('npm run wattle -- reset, then a restart with the same fixed keys', () => {
  const keysDir = mkdtempSync(join(tmpdir(), 'wattle-kept-keys-'));
  const fixed = {
    secretKey: 'sk_test_ci_fixed_0000000000000002',
    publishableKey: 'pk_test_ci_fixed_0000000000000002',
  };
  let stack: OwnStack;
  const startWithFixedKeys = () => startWithFixedTestKeys(keysDir, fixed);

  beforeAll(async () => {
    stack = await startWithFixedKeys();
  }, hangNet(90_000));

  afterAll(async () => {
    expect(await stack?.stop()).toBe(0);
    rmSync(keysDir, { recursive: true, force: true });
  });

  it(
    'leaves kept data that a restart with the same fixed keys takes up again, at real time',
    async () => {
      const client = api(stack.test.baseUrl, fixed.secretKey);
      expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
      await advanceClock(stack, 5 * 86_400);
      expect((await runWattle(['reset'], { WATTLE_DATA_DIR: keysDir })).code).toBe(0);
      expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
      const before = (await client.get('/1/charges')).body.response.map((c: { token: string }) => c.token);
      expect(before).toHaveLength(1);
      expect(await stack.stop()).toBe(0);
      stack = await startWithFixedKeys();
      expect(stack.test.secretKey).toBe(fixed.secretKey);
      const after = await api(stack.test.baseUrl, fixed.secretKey).get('/1/charges');
      expect(after.body.response.map((c: { token: string }) => c.token)).toEqual(before);
      expect(Math.abs(Date.parse(await clockNow(stack)) - Date.now())).toBeLessThan(60_000);
    },
    hangNet(90_000),
  );
});
