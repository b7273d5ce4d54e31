import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { verifyPinSignature } from '@wattle/verify-webhook';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wattleOutput } from '../helpers/cli.ts';
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { startReceiver, waitUntil } from '../helpers/receiver.ts';
import { type Api, api, type Merchant, newMerchant, useStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** `npm run wattle`'s program: the CLI built once (rebuilt when a source is newer), not tsx per start. */
const cli = join(repoRoot, 'scripts/wattle.mjs');
const env = () => ({ ...process.env, WATTLE_DATA_DIR: useStack().dataDir });

let merchant: Merchant;
let client: Api;
const running: ChildProcess[] = [];

beforeAll(async () => {
  merchant = await newMerchant();
  client = api(merchant.test.baseUrl, merchant.test.secretKey);
});

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** A following command of the CLI (listen, tail), its output as it comes. */
const follow = (...args: string[]) => followIn(env(), ...args);

/** A following command of the CLI run with `environment`. */
const followIn = (environment: NodeJS.ProcessEnv, ...args: string[]) => {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    env: environment,
  });
  running.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    output: () => out,
    /** Resolves once the output matches `pattern`. */
    until: (pattern: RegExp, timeoutMs = 15_000) =>
      waitUntil(() => (pattern.test(out) ? true : undefined), timeoutMs).catch(() => {
        throw new Error(`No ${pattern} in:\n${out}`);
      }),
    /** Ctrl-C: resolves with the exit code. */
    interrupt: () => {
      child.kill('SIGINT');
      return exited;
    },
  };
};

/** A command that ends by itself, in this process (wattleOutput): its output, or a rejection. */
const wattle = (...args: string[]) => wattleOutput(args, { WATTLE_DATA_DIR: useStack().dataDir });

describe('npm run wattle -- listen --forward-to', () => {
  it(
    'forwards each new event, signed with the key, a line per delivery; Ctrl-C ends it',
    async () => {
      const receiver = await startReceiver(200);
      const key = 'whsk_listen_test_key';
      const listening = follow(
        'listen',
        '--forward-to',
        receiver.url(),
        '--key',
        merchant.test.secretKey,
        '--signing-key',
        key,
      );
      await listening.until(/Forwarding the events of .* signed with whsk_listen_test_key/);
      // Give it its start (the stream, the newest events), so the charge below is new to it.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const charge = (await client.post('/1/charges', chargeFields())).body.response;
      const [delivered] = await receiver.waitFor(1);
      const body = JSON.parse(delivered!.body);
      expect(body).toMatchObject({ type: 'charge.captured', data: { token: charge.token } });
      expect(verifyPinSignature(delivered!.headers['pin-signature'] as string, delivered!.body, key)).toBe(
        true,
      );
      await listening.until(new RegExp(`charge\\.captured {2}${body.token} {2}→ 200 {2}\\d+ms`));
      expect(await listening.interrupt()).toBe(0);
      await receiver.close();
    },
    hangNet(40_000),
  );
});

/**
 * The local stack behind a proxy that counts the requests made through it (method and path), and a
 * data directory whose local.json names the proxy: the CLI takes it for the local stack.
 */
const countedStack = async () => {
  const stack = useStack();
  const requests: string[] = [];
  const proxy = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: stack.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: `localhost:${stack.port}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyOrigin = `http://localhost:${(proxy.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'wattle-cli-pushed-'));
  const localJson = readFileSync(join(stack.dataDir, 'local.json'), 'utf8').replaceAll(
    `http://localhost:${stack.port}`,
    proxyOrigin,
  );
  writeFileSync(join(dataDir, 'local.json'), localJson, { mode: 0o600 });
  return {
    requests,
    env: { ...process.env, WATTLE_DATA_DIR: dataDir },
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

describe('listen and events tail on the local stack: events pushed, not polled', () => {
  it(
    'make no request and write no line while nothing happens; an event made meanwhile arrives',
    async () => {
      const counted = await countedStack();
      const receiver = await startReceiver(200);
      const quiet = await newMerchant();
      const listening = followIn(
        counted.env,
        'listen',
        '--forward-to',
        receiver.url(),
        '--key',
        quiet.test.secretKey,
      );
      const tail = followIn(counted.env, 'events', 'tail', '--key', quiet.test.secretKey);
      await listening.until(/Forwarding the events of .*\n/);
      // Their start: what each reads to begin (the stream, then the account's newest events).
      const begun = (path: string) => counted.requests.filter((line) => line === `GET ${path}`).length >= 2;
      await waitUntil(
        () => (begun('/_local/events/stream') && begun('/test/1/events?page=1') ? true : undefined),
        15_000,
      ).catch(() => undefined); // Were it still polling, the quiet while below says so.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = counted.requests.length;
      const banner = listening.output();
      const tailed = tail.output();
      // Nothing happens on the account for a while: no request, no line.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(counted.requests.slice(started)).toEqual([]);
      expect(listening.output()).toBe(banner);
      expect(tail.output()).toBe(tailed);

      const charge = (await api(quiet.test.baseUrl, quiet.test.secretKey).post('/1/charges', chargeFields()))
        .body.response;
      const [delivered] = await receiver.waitFor(1);
      expect(JSON.parse(delivered!.body)).toMatchObject({
        type: 'charge.captured',
        data: { token: charge.token },
      });
      await listening.until(/charge\.captured {2}evt_[\w-]+ {2}→ 200 {2}\d+ms/);
      await tail.until(new RegExp(`charge\\.captured {2}evt_[\\w-]+ {2}${charge.token}`));
      expect(await listening.interrupt()).toBe(0);
      expect(await tail.interrupt()).toBe(0);
      await receiver.close();
      await counted.close();
    },
    hangNet(40_000),
  );
});

describe('GET /_local/events/stream', () => {
  it('answers a merchant’s secret key alone, and no web page of another origin', async () => {
    const stack = useStack();
    const url = `http://localhost:${stack.port}/_local/events/stream`;
    const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
    const noKey = await fetch(url);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: 'unauthenticated' });
    const publishable = await fetch(url, { headers: { authorization: basic(merchant.test.publishableKey) } });
    expect(publishable.status).toBe(401);
    await publishable.body?.cancel();
    const page = await fetch(url, {
      headers: { authorization: basic(merchant.test.secretKey), origin: 'https://elsewhere.example' },
    });
    expect(page.status).toBe(403);
    await page.body?.cancel();
  });
});

describe('the events stream’s webhook attempts', () => {
  it('pushes each webhook attempt made for the account, beside its events', async () => {
    const stack = useStack();
    const own = await newMerchant();
    const ownClient = api(own.test.baseUrl, own.test.secretKey);
    const receiver = await startReceiver(200);
    const stop = new AbortController();
    const response = await fetch(`http://localhost:${stack.port}/_local/events/stream`, {
      headers: { authorization: `Basic ${Buffer.from(`${own.test.secretKey}:`).toString('base64')}` },
      signal: stop.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    let text = '';
    const reading = (async () => {
      for await (const chunk of response.body!) text += Buffer.from(chunk).toString('utf8');
    })().catch(() => undefined);
    await waitUntil(() => (text.includes(': following') ? true : undefined), 10_000);
    expect((await ownClient.post('/1/webhook_endpoints', { url: receiver.url() })).status).toBe(201);
    const charge = (await ownClient.post('/1/charges', chargeFields())).body.response;
    await receiver.waitFor(1, (r) => JSON.parse(r.body).data?.token === charge.token);
    await waitUntil(() => (text.includes('event: webhook_attempt') ? true : undefined), 15_000);
    expect(text).toMatch(new RegExp(`event: event\nid: evt_[\\w-]+\ndata: \\{[^\n]*"${charge.token}"`));
    expect(text).toMatch(/event: webhook_attempt\ndata: \{"webhook":"whr_[\w-]+"\}/);
    stop.abort();
    await reading;
    await receiver.close();
  });
});

describe('npm run wattle -- events tail, logs tail', () => {
  it(
    'prints the newest events, then each new one',
    async () => {
      const first = (await client.post('/1/customers', { email: 'tail@example.com', card: cardFields() }))
        .body.response;
      const tail = follow('events', 'tail', '--key', merchant.test.secretKey, '--json');
      await tail.until(new RegExp(`"type":"customer.created".*"token":"${first.token}"`));
      const second = (await client.post('/1/customers', { email: 'tail2@example.com', card: cardFields() }))
        .body.response;
      await tail.until(new RegExp(`"token":"${second.token}"`));
      expect(await tail.interrupt()).toBe(0);
    },
    hangNet(40_000),
  );

  it(
    'follows the local stack’s request log, no query string in it',
    async () => {
      const tail = follow('logs', 'tail', '--lines', '1');
      await tail.until(/\n/);
      await client.get('/1/charges?page=1&secret=hidden');
      await tail.until(/GET \/test\/1\/charges {2}200 {2}\d+ms {2}\S+/);
      expect(tail.output()).not.toContain('secret=hidden');
      expect(await tail.interrupt()).toBe(0);
    },
    hangNet(40_000),
  );
});

describe('npm run wattle -- RESOURCE list|get', () => {
  it(
    'lists a page a line per object and gets one a line per field, or as JSON',
    async () => {
      const charge = (await client.post('/1/charges', chargeFields({ description: 'listed', amount: 1000 })))
        .body.response;
      const listed = await wattle('charges', 'list', '--key', merchant.test.secretKey);
      expect(listed).toContain(`${charge.token}  Success  1000  AUD`);
      expect(listed).toMatch(/\(page 1 of \d+, \d+ in all\)/);
      const text = (await wattle('charges', 'get', charge.token, '--key', merchant.test.secretKey)).split(
        '\n',
      );
      expect(text).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^token +${charge.token}$`)),
          expect.stringMatching(/^amount +1000$/),
          expect.stringMatching(/^card\.display_number +XXXX-XXXX-XXXX-\d{4}$/),
        ]),
      );
      const got = JSON.parse(
        await wattle('charges', 'get', charge.token, '--key', merchant.test.secretKey, '--json'),
      );
      expect(got).toEqual((await client.get(`/1/charges/${charge.token}`)).body.response);
      await expect(wattle('charges', 'get', 'ch_missing', '--key', merchant.test.secretKey)).rejects.toThrow(
        /404 not_found/,
      );
    },
    hangNet(30_000),
  );

  it(
    'talks to any base URL given with a key, as to a deployed stack',
    async () => {
      const out = await wattle(
        'charges',
        'list',
        '--base-url',
        merchant.test.baseUrl,
        '--key',
        merchant.test.secretKey,
        '--json',
      );
      expect(JSON.parse(out).response.length).toBeGreaterThan(0);
      await expect(
        wattle(
          'clock',
          'advance',
          '1d',
          '--base-url',
          merchant.test.baseUrl,
          '--key',
          merchant.test.secretKey,
        ),
      ).rejects.toThrow(/local stack only/);
    },
    hangNet(30_000),
  );
});

describe('npm run wattle -- env', () => {
  it('sets the quick start’s shell variables from the local stack that WATTLE_DATA_DIR names', async () => {
    const stack = useStack();
    const exports = await wattle('env');
    const { stdout } = await promisify(execFile)('bash', [
      '-c',
      `${exports}\necho "$BASE $KEY $PK $LBASE $LKEY $PARTNER $CLOCK $WATTLE"`,
    ]);
    expect(stdout.trim()).toBe(
      [
        stack.test.baseUrl,
        stack.test.secretKey,
        stack.test.publishableKey,
        stack.live.baseUrl,
        stack.live.secretKey,
        stack.partnerKey,
        // The README's next block moves the clock with it.
        stack.clockUrl,
        join(stack.dataDir, 'local.json'),
      ].join(' '),
    );
  });
});
