import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRun, runWattle } from '../helpers/cli.ts';
import { startWithFixedTestKeys } from '../helpers/fixed-keys.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { advanceClock, api, clockNow, newMerchant, type OwnStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-newcomer-'));
/** The keys a project's CI fixes: the test ones in a file, the live secret and partner ones as variables. */
const fixed = {
  testSecret: 'sk_test_ci_fixed_0000000000000001',
  testPublishable: 'pk_test_ci_fixed_0000000000000001',
  liveSecret: 'sk_live_ci_fixed_0000000000000001',
  partner: 'pt_ci_fixed_0000000000000001',
};

/** `npm run wattle -- …` against this file's stack (in this process: runWattle), with its exit code. */
const wattle = (...args: string[]): Promise<CliRun> => runWattle(args, { WATTLE_DATA_DIR: dataDir });

let stack: OwnStack;

beforeAll(async () => {
  // The stack as a project's CI starts it, its data kept in `dataDir` (a reset sees it).
  stack = await startWithFixedTestKeys(
    dataDir,
    { secretKey: fixed.testSecret, publishableKey: fixed.testPublishable },
    { env: { WATTLE_LIVE_SECRET_KEY: fixed.liveSecret, WATTLE_PARTNER_KEY: fixed.partner } },
  );
}, hangNet(90_000));

afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('fixed keys (npm start -- --keys-from FILE, WATTLE_*_KEY)', () => {
  it('gives the seeded merchant and partner the keys given, in local.json and at the API', async () => {
    expect(stack.test).toMatchObject({ secretKey: fixed.testSecret, publishableKey: fixed.testPublishable });
    expect(stack.live.secretKey).toBe(fixed.liveSecret);
    expect(stack.partnerKey).toBe(fixed.partner);
    // The one not given is made as ever.
    expect(stack.live.publishableKey).toMatch(/^pk_live_[\w-]{32}$/);
    const charged = await api(stack.test.baseUrl, fixed.testSecret).post('/1/charges', chargeFields());
    expect(charged.status).toBe(201);
    const card = await api(stack.test.baseUrl, null).post('/1/cards', {
      ...cardFields(),
      publishable_api_key: fixed.testPublishable,
    });
    expect(card.status).toBe(201);
    expect((await api(stack.test.baseUrl, fixed.partner).get('/1/merchants')).status).toBe(200);
  });

  it('refuses a key of the wrong kind before starting anything, naming it', async () => {
    const started = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'packages/local/src/main.ts'), '--in-memory'],
      {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', WATTLE_TEST_SECRET_KEY: 'pk_test_0000000000000000' },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(started).toMatchObject({ code: 2 });
    expect((started as { stderr: string }).stderr).toContain(
      'WATTLE_TEST_SECRET_KEY must be a key starting sk_test_',
    );
  });
});

describe('a request without the stage prefix', () => {
  it('is answered with Pin’s 404 naming /test/1/… and /live/1/…', async () => {
    const response = await fetch(`http://localhost:${stack.port}/1/charges?page=2`, {
      headers: { authorization: `Basic ${Buffer.from(`${fixed.testSecret}:`).toString('base64')}` },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('not_found');
    expect(body.error_description).toContain('/test/1/charges');
    expect(body.error_description).toContain('/live/1/…');
  });
});

describe('npm run wattle -- reset', () => {
  it('empties every account and sets the clock to real time, the seeded keys still working', async () => {
    const client = api(stack.test.baseUrl, fixed.testSecret);
    expect((await client.post('/1/customers', { email: 'ada@example.com', card: cardFields() })).status).toBe(
      201,
    );
    const other = await newMerchant(stack);
    await advanceClock(stack, 5 * 86_400);
    expect(Date.parse(await clockNow(stack)) - Date.now()).toBeGreaterThan(4 * 86_400_000);
    const localJson = readFileSync(join(dataDir, 'local.json'), 'utf8');

    const reset = await wattle('reset');
    expect(reset.stderr).toBe('');
    expect(reset.stdout).toMatch(/^Reset: \d+ item\(s\) deleted; the seeded merchant and partner are back/);

    expect(Math.abs(Date.parse(await clockNow(stack)) - Date.now())).toBeLessThan(60_000);
    for (const path of ['/1/charges', '/1/customers', '/1/events']) {
      const listed = await client.get(path);
      expect(listed.status, path).toBe(200);
      expect(listed.body.response, path).toEqual([]);
    }
    expect((await client.get('/1/balance')).body.response).toEqual({ available: [], pending: [] });
    expect(readFileSync(join(dataDir, 'local.json'), 'utf8')).toBe(localJson);
    expect((await api(stack.live.baseUrl, fixed.liveSecret).get('/1/charges')).status).toBe(200);
    expect((await api(stack.test.baseUrl, fixed.partner).get('/1/merchants')).body.response).toEqual([]);
    // An account made since the start went with the rest.
    expect((await api(other.test.baseUrl, other.test.secretKey).get('/1/charges')).status).toBe(401);
    // And the stack goes on as a fresh one.
    expect((await client.post('/1/charges', chargeFields())).status).toBe(201);
  });
});

describe('the command line, as a newcomer types it', () => {
  it(
    'answers --help for every command, on stdout',
    async () => {
      const commands = ['listen', 'trigger', 'events', 'logs', 'clock', 'balance', 'env', 'check', 'reset'];
      const words = [...commands, 'accounts', 'merchants', 'customers', 'charges'];
      const helps = await Promise.all(words.map((command) => wattle(command, '--help')));
      words.forEach((command, index) => {
        expect(helps[index]?.code, command).toBe(0);
        expect(helps[index]?.stdout, command).toMatch(
          new RegExp(`npm run (-s )?wattle -- ${command === 'charges' ? 'RESOURCE' : command}`),
        );
      });
      expect((await wattle('--help')).stdout).toContain('npm run wattle -- reset');
    },
    hangNet(60_000),
  );

  it('suggests the command or event type meant', async () => {
    expect(await wattle('trigger', 'charge.capture')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No trigger for charge.capture. Did you mean charge.captured?'),
    });
    expect(await wattle('balanse')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown command "balanse". Did you mean balance?'),
    });
  });

  it('prints the balance as text, and as JSON with --json', async () => {
    expect((await api(stack.test.baseUrl, fixed.testSecret).post('/1/charges', chargeFields())).status).toBe(
      201,
    );
    const text = await wattle('balance');
    expect(text.stdout.trim().split('\n')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^available\[0\]\.amount\s+\d+$/)]),
    );
    const json = JSON.parse((await wattle('balance', '--json')).stdout) as { available: unknown[] };
    expect(json.available[0]).toMatchObject({ currency: 'AUD' });
  });
});
