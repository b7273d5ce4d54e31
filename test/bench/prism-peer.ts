/**
 * The peer: Stoplight Prism (`prism mock`) serving the same OpenAPI document, in a process of its
 * own. It keeps no state: it checks the request against the document and answers the document's
 * example. Wattle's throughput against it is the price of real state (the key looked up, DynamoDB,
 * the processor) over an HTTP server that only validates.
 *
 * Prism runs with `--errors`: a request the document does not allow gets an error answer, and the
 * operations count any unexpected status (or a `sl-violations` header) as an error, never as
 * throughput.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '@wattle/local';
import { buildOpenApiDocument } from '@wattle/openapi';
import type { Api, ApiResponse } from '../helpers/stack.ts';
import type { Merchant, OperationName } from './api-operations.ts';
import { benchApi } from './bench-api.ts';

/** The operations driven at the peer too: a read, a list, a write. */
export const peerOperations: readonly OperationName[] = ['get charge', 'list charges', 'create charge'];

export interface Prism {
  version: string;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const packageJson = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
const startTimeoutMs = 120_000;

/** Starts `prism mock` on the document as `npm run openapi` writes it, in a temporary directory. */
export const startPrism = async (): Promise<Prism> => {
  const { version, bin } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    version: string;
    bin: { prism: string };
  };
  const dir = mkdtempSync(join(tmpdir(), 'wattle-prism-'));
  const document = join(dir, 'openapi.json');
  writeFileSync(document, JSON.stringify(buildOpenApiDocument()));
  const port = await freePort();
  const args = [
    'mock',
    '--errors',
    '--verboseLevel',
    'error',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    document,
  ];
  const child: ChildProcess = spawn(process.execPath, [join(dirname(packageJson), bin.prism), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // No analytics call from Prism's dependencies (Scarf) during a benchmark.
    env: { ...process.env, SCARF_ANALYTICS: 'false' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  while (true) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`Prism exited (${child.exitCode}) before it listened: ${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Prism did not listen within ${startTimeoutMs / 1000} s: ${output}`);
    }
    // Any answer means it listens (this one is a 401: no key).
    if (
      await fetch(`${url}/1/charges`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { version, url, pid: child.pid as number, stop };
};

/** An answer Prism gave although the request broke the document, as an error. */
const checked = async (answer: Promise<ApiResponse>): Promise<ApiResponse> => {
  const response = await answer;
  const violations = response.headers.get('sl-violations');
  if (violations) throw new Error(`Prism found the request invalid: ${violations.slice(0, 300)}`);
  return response;
};

/** The merchant's operations sent to Prism instead, with the same key (the tokens of its charges for the reads). */
export const peerMerchant = (prism: Prism, merchant: Merchant): Merchant => {
  const api = benchApi(prism.url, merchant.secretKey);
  const peerApi: Api = {
    get: (path, options) => checked(api.get(path, options)),
    post: (path, body, options) => checked(api.post(path, body, options)),
    put: (path, body, options) => checked(api.put(path, body, options)),
    patch: (path, body, options) => checked(api.patch(path, body, options)),
    del: (path, body, options) => checked(api.del(path, body, options)),
  };
  return { api: peerApi, secretKey: merchant.secretKey, charges: [...merchant.charges], authorised: [] };
};
