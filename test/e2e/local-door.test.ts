import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnStack, startOwnStack } from '../helpers/stack.ts';

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted on, not typed
  body: any;
}

/** node:http rather than fetch: fetch will not send a Host header of our choosing. */
const send = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `localhost:${port}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** Whether something accepts TCP connections on host:port. */
const answers = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** This machine's first IPv4 address that is not loopback, if it has one. */
const otherAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === 'IPv4' && !address.internal)?.address;

/** Every path under `dir` with its permission bits. */
const modes = (dir: string): Record<string, string> => {
  const found: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    try {
      found[name] = (statSync(join(dir, name)).mode & 0o777).toString(8);
    } catch {
      // A SQLite journal gone in between.
    }
  }
  return found;
};

describe('the local stack is no door', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'wattle-door-')), 'data');
  let own: OwnStack;
  const foreignOrigin = { origin: 'http://evil.example' };
  const clock = async (): Promise<string> => (await send(own.port, 'GET', '/_local/clock')).body.now;

  beforeAll(async () => {
    // A data directory as an older version (or a loose umask) left it: readable by everyone.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'card.key'), `${randomBytes(32).toString('hex')}\n`, { mode: 0o644 });
    writeFileSync(join(dataDir, 'local.json'), '{}\n', { mode: 0o644 });
    own = await startOwnStack({ dataDir, inMemory: false });
  });

  afterAll(async () => {
    await own?.stop();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('refuses a /_local request from a web page of another origin, and changes nothing', async () => {
    const before = await clock();
    const advance = await send(own.port, 'POST', '/_local/clock/advance', foreignOrigin, 'seconds=86400');
    expect(advance.status).toBe(403);
    expect(advance.body).toEqual({
      error: 'forbidden',
      error_description: 'The local control endpoints refuse requests from web pages of another origin.',
    });
    const account = await send(own.port, 'POST', '/_local/accounts', foreignOrigin, 'name=Evil');
    expect(account.status).toBe(403);
    // A look-alike of the stack's own origin is another origin too.
    const lookAlike = { origin: `http://localhost:${own.port}.evil.example` };
    expect((await send(own.port, 'GET', '/_local/clock', lookAlike)).status).toBe(403);
    expect((await send(own.port, 'GET', '/_local/clock', { origin: 'null' })).status).toBe(403);
    expect(Date.parse(await clock()) - Date.parse(before)).toBeLessThan(60_000);
  });

  it('refuses a /_local request to another host name (DNS rebinding)', async () => {
    const before = await clock();
    for (const host of ['evil.example', `evil.example:${own.port}`, `localhost:${own.port + 1}`]) {
      const res = await send(own.port, 'POST', '/_local/clock/advance', { host }, 'seconds=86400');
      expect(res.status, host).toBe(403);
      expect(res.body, host).toEqual({
        error: 'forbidden',
        error_description: `The local control endpoints answer only requests to localhost:${own.port}.`,
      });
    }
    expect(Date.parse(await clock()) - Date.parse(before)).toBeLessThan(60_000);
  });

  it('answers tools on this machine (no Origin) and pages of its own origin', async () => {
    const before = await clock();
    const advance = await send(own.port, 'POST', '/_local/clock/advance', {}, 'seconds=3600');
    expect(advance.status).toBe(200);
    expect(Date.parse(advance.body.now) - Date.parse(before)).toBeGreaterThanOrEqual(3600_000);
    const account = await send(own.port, 'POST', '/_local/accounts', { host: `127.0.0.1:${own.port}` });
    expect(account.status).toBe(201);
    for (const origin of [`http://localhost:${own.port}`, `http://127.0.0.1:${own.port}`]) {
      expect((await send(own.port, 'GET', '/_local/clock', { origin })).status, origin).toBe(200);
    }
  });

  it('listens on loopback only (DynamoDB Local cannot, but no web page may call it)', async () => {
    const ddbPort = Number(new URL(own.ddbEndpoint).port);
    const sqsPort = Number(new URL(own.sqsEndpoint).port);
    expect(new URL(own.sqsEndpoint).hostname).toBe('127.0.0.1');
    for (const port of [own.port, sqsPort, ddbPort])
      expect(await answers('127.0.0.1', port), String(port)).toBe(true);
    if (otherAddress) {
      expect(await answers(otherAddress, own.port)).toBe(false);
      expect(await answers(otherAddress, sqsPort)).toBe(false);
    }
    const preflight = await fetch(own.ddbEndpoint, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("keeps its table from another host: DynamoDB Local listens on every interface, but another access key's database is empty", async () => {
    // Another machine reaches DynamoDB Local at this machine's network address (or, with none,
    // at loopback: the access key is what keeps the table, wherever the request comes from).
    const from = otherAddress ?? '127.0.0.1';
    const ddbPort = Number(new URL(own.ddbEndpoint).port);
    const client = (accessKeyId: string) =>
      new DynamoDBClient({
        endpoint: `http://${from}:${ddbPort}`,
        region: 'ap-southeast-2',
        credentials: { accessKeyId, secretAccessKey: 'made-up' },
        maxAttempts: 1,
      });
    const stranger = client('AKIAMADEUPKEY0000000');
    const local = client('local');
    const owner = client(own.ddbAccessKeyId);
    try {
      for (const other of [stranger, local]) {
        expect((await other.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        await expect(
          other.send(
            new PutItemCommand({ TableName: 'wattle', Item: { pk: { S: 'KEY#x' }, sk: { S: 'KEY' } } }),
          ),
        ).rejects.toThrow(/non-existent table|not found/i);
      }
      // The stack's own key is the only one that finds its table.
      expect((await owner.send(new ListTablesCommand({}))).TableNames).toEqual(['wattle']);
      expect(own.ddbAccessKeyId).toMatch(/^wattle[0-9a-f]{32}$/);
    } finally {
      for (const each of [stranger, local, owner]) each.destroy();
    }
  });

  it('keeps its data readable by its owner only, fixing what an older version left', () => {
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['.', 'card.key', 'local.json', 'seed.json', 'dynamodb', 'sqs']),
    );
    for (const [path, mode] of Object.entries(found)) {
      const directory = statSync(join(dataDir, path), { throwIfNoEntry: false })?.isDirectory();
      expect(mode, path).toBe(directory ? '700' : '600');
    }
  });
});
