import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LocalStackInfo, localClientConfig, localTableName, type NewMerchant } from '@wattle/local';
import { documentClient } from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';
import qs from 'qs';
import { afterAll, beforeAll, inject } from 'vitest';
import { describeFinds } from '../reliability/card-leaks/find-card-data.ts';
import {
  findCardDataInLogs,
  findCardDataInRecords,
  findCardDataInTable,
} from '../reliability/card-leaks/scan-stack.ts';
import type { LocalTableRef } from '../reliability/harness/table-snapshot.ts';
import type { ProvidedClockStack } from './clock-stack-setup.ts';
import { cardFields } from './fixtures.ts';
import { hangNet } from './hang-net.ts';
import { checkAgainstDocument } from './openapi-check.ts';
import { descendantsOf } from './process-tree.ts';
import { stackBundleVariable } from './stack-bundle.ts';
import type { ProvidedStack } from './stack-global-setup.ts';
import { testStore } from './test-store.ts';

export type { ProvidedClockStack, ProvidedStack };
export type Merchant = NewMerchant;

/** The shared in-memory stack of the e2e run (see stack-global-setup.ts). Don't move its clock. */
export const useStack = (): ProvidedStack => inject('stack');

/**
 * The stack of a file that moves the clock (projects `clock` and `browser`; see
 * clock-stack-setup.ts): one of the project's clock stacks, leased by this file alone for its run
 * (a directory made atomically beside its data), reset before the file (the seeded accounts alone,
 * with the same keys, at real time, as a stack of its own starts), and its table (the memory
 * engine's records) searched for card data in clear after it. Call it at the top of the file.
 */
export const useClockStack = (): ProvidedClockStack => {
  const stacks = inject('clockStacks');
  if (!stacks) throw new Error('useClockStack: this file must be in a project with clock-stack-setup.ts');
  const lease = (candidate: ProvidedClockStack): boolean => {
    try {
      mkdirSync(`${candidate.dataDir}.lease`);
      return true;
    } catch {
      return false;
    }
  };
  const stack = stacks.find(lease);
  if (!stack) throw new Error('useClockStack: every clock stack is leased (more files at once than stacks)');
  beforeAll(async () => {
    const res = await request('POST', localUrl(stack, '/reset'));
    if (res.status !== 200) throw new Error(`POST /_local/reset answered ${res.status}: ${res.text}`);
  });
  afterAll(async () => {
    try {
      const finds = stack.ddbEndpoint
        ? await findCardDataInTable(stack, localTableName)
        : await findCardDataInRecords(stack.port);
      if (finds.length > 0) throw new Error(describeFinds(finds));
    } finally {
      rmSync(`${stack.dataDir}.lease`, { recursive: true, force: true });
    }
  });
  return stack;
};

/** Any stack the helpers can talk to: the shared one or one from startOwnStack. */
export interface StackRef {
  port: number;
}

const localUrl = (stack: StackRef, path: string): string => `http://localhost:${stack.port}/_local${path}`;

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. Read loosely: tests check the shape. */
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted on, not typed
  body: any;
  text: string;
}

export interface RequestOptions {
  /** Send `body` as application/x-www-form-urlencoded with bracket nesting (`card[number]`). */
  form?: boolean;
  /** Send `body` (a string) as it is, with `contentType`. */
  raw?: boolean;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Api {
  get(path: string, options?: RequestOptions): Promise<ApiResponse>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  del(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
}

/** A form body as Pin clients send it: nested objects as `a[b]`, arrays as `a[]`. */
export const formBody = (body: unknown): string =>
  qs.stringify(body, { arrayFormat: 'brackets', encodeValuesOnly: true });

const encode = (body: unknown, options: RequestOptions): { payload?: string; contentType?: string } => {
  if (body === undefined) return {};
  if (options.raw) return { payload: String(body), contentType: options.contentType };
  if (options.form) return { payload: formBody(body), contentType: 'application/x-www-form-urlencoded' };
  return { payload: JSON.stringify(body), contentType: options.contentType ?? 'application/json' };
};

/** Sends one request; `url` is absolute. */
export const request = async (
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
  key?: string | null,
): Promise<ApiResponse> => {
  const { payload, contentType } = encode(body, options);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (contentType) headers['content-type'] = contentType;
  if (key) headers.authorization = `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : text;
  } catch {
    // Not JSON (a JSONP answer, say): the text it is.
  }
  // Every answer of a route is checked against the OpenAPI document (a redirect followed is not the API's).
  if (!response.redirected) {
    const contentType = response.headers.get('content-type') ?? '';
    checkAgainstDocument(method, url, { status: response.status, contentType, body: parsed, text });
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
};

/**
 * A small client for one environment's base URL with a key (HTTP basic auth, key as the user name,
 * as Pin takes it); `key` null sends no credentials. Paths are relative to the base: `/1/cards`.
 */
export const api = (baseUrl: string, key: string | null | undefined): Api => {
  const call = (method: string) => (path: string, body?: unknown, options?: RequestOptions) =>
    request(method, `${baseUrl}${path}`, body, options, key);
  return {
    get: (path, options) => request('GET', `${baseUrl}${path}`, undefined, options, key),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    del: call('DELETE'),
  };
};

/** A document client on a stack's DynamoDB Local, for tests that read or plant items; destroy it after. */
export const stackTable = (stack: LocalTableRef): DocumentClient => {
  // The memory engine has no table: an empty endpoint would send the client to AWS itself.
  if (!stack.ddbEndpoint) throw new Error('This stack runs on the memory engine: it has no table to read');
  return documentClient(localClientConfig(stack.ddbEndpoint, stack.ddbAccessKeyId));
};

/** A fresh merchant (referred by the seeded partner) on `stack`, for tests that want isolation. */
export const newMerchant = async (stack: StackRef = useStack(), name?: string): Promise<Merchant> => {
  const res = await request('POST', localUrl(stack, '/accounts'), name ? { name } : {});
  if (res.status !== 201) throw new Error(`POST /_local/accounts answered ${res.status}: ${res.text}`);
  return res.body as Merchant;
};

/** A customer made through the API with `client`, a card in the usual fields unless `fields` say otherwise. */
export const newCustomer = async (client: Api, fields: Record<string, unknown> = {}) => {
  const res = await client.post('/1/customers', {
    email: 'roland@example.com',
    card: cardFields(),
    ...fields,
  });
  if (res.status !== 201) throw new Error(`POST /1/customers answered ${res.status}: ${res.text}`);
  return res.body.response;
};

/** The stack's clock now, as Pin writes timestamps. */
export const clockNow = async (stack: StackRef = useStack()): Promise<string> => {
  const res = await request('GET', localUrl(stack, '/clock'));
  return res.body.now as string;
};

/** Moves the clock of `stack` (your own: see startOwnStack) forward; the due jobs have run on return. */
export const advanceClock = async (stack: StackRef, seconds: number): Promise<string> => {
  const res = await request('POST', localUrl(stack, '/clock/advance'), { seconds });
  if (res.status !== 200) throw new Error(`Advancing the clock answered ${res.status}: ${res.text}`);
  return res.body.now as string;
};

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface OwnStack extends LocalStackInfo {
  port: number;
  ddbEndpoint: string;
  /** The access key of its own database in DynamoDB Local, from its readable block ('' on memory). */
  ddbAccessKeyId: string;
  sqsEndpoint: string;
  dataDir: string;
  /** The `npm start` process (its stdout holds the readable block). */
  process: ChildProcess;
  output(): string;
  /**
   * SIGTERM, as Ctrl-C would: resolves with the exit code once the process (and its JVM) is gone.
   * First its table (the memory engine's records), and then its output (logs included), are
   * searched for card data in clear: a find rejects, once the stack is stopped. On the memory engine, a Java process under it rejects
   * too (the engine starts none: no DynamoDB Local).
   */
  stop(): Promise<number | null>;
}

export interface OwnStackOptions {
  /** WATTLE_DATA_DIR; with `inMemory` false its data survives a restart. */
  dataDir: string;
  inMemory?: boolean;
  readyTimeoutMs?: number;
  /** WATTLE_LOG_LEVEL of the stack (default SILENT, or WATTLE_STACK_LOG_LEVEL); null leaves it unset. */
  logLevel?: string | null;
  /** Starts it with `--quiet` (default true). */
  quiet?: boolean;
  /** WATTLE_EVENT_RETENTION_DAYS: a file that follows events over longer than 30 days keeps them. */
  eventRetentionDays?: number;
  /** More options of `npm start` (`--keys-from FILE`). */
  args?: string[];
  /** More environment variables of the stack (the fixed keys' WATTLE_*_KEY). */
  env?: Record<string, string>;
  /**
   * On the DynamoDB engine, the DynamoDB Local it uses (WATTLE_DYNAMODB_ENDPOINT) rather than a JVM
   * of its own; null: its own. Default: a stack that keeps nothing (`inMemory`) uses the run's shared one
   * (inject('stacksDdbEndpoint'), in a project with stacks-ddb-global-setup.ts), under its own access key, and
   * deletes its table as it stops; one that keeps data starts its own, on its data directory, as
   * `npm start` does (what it keeps across a restart or a crash is then DynamoDB Local's too).
   */
  dynamodbEndpoint?: string | null;
}

/** The stacks' DynamoDB Local for a stack of `options` (see OwnStackOptions.dynamodbEndpoint), if any. */
const runDynamoDbFor = (options: OwnStackOptions): string | undefined => {
  if (options.dynamodbEndpoint !== undefined) return options.dynamodbEndpoint ?? undefined;
  if (options.inMemory === false) return undefined;
  // Only in a test file's worker: a global setup passes the endpoint itself.
  return inject('stacksDdbEndpoint') || undefined;
};

const alive = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of alive) child.kill('SIGKILL'); // its watchdog then takes DynamoDB Local down
});

/**
 * A local stack of its own, for a test file that restarts the stack, keeps its data on disk or
 * needs other settings (a file that only moves the clock uses useClockStack): the real
 * `npm start` entry in a child process (so it shares nothing with the shared stack), on a free
 * port, quiet, with WATTLE_DATA_DIR = `dataDir`. Ready when its readable block is printed.
 */
export const startOwnStack = async (options: OwnStackOptions): Promise<OwnStack> => {
  rmSync(join(options.dataDir, 'local.json'), { force: true });
  // The run's bundle of the stack when there is one (stack-bundle.ts), else its sources through tsx.
  const bundle = process.env[stackBundleVariable];
  const args = bundle
    ? [join(bundle, 'stack.js')]
    : ['--import', 'tsx', join(repoRoot, 'packages/local/src/main.ts')];
  const store = testStore();
  if (store !== 'dynamodb' && !options.args?.includes('--store')) args.push('--store', store);
  if (options.quiet ?? true) args.push('--quiet');
  if (options.inMemory ?? true) args.push('--in-memory');
  args.push(...(options.args ?? []));
  // As `npm start` runs: readable log lines, and the level given here (not the test process's own).
  const {
    WATTLE_LOG_LEVEL: _level,
    WATTLE_LOG_FORMAT: _format,
    WATTLE_DYNAMODB_ENDPOINT: _endpoint,
    ...inherited
  } = process.env;
  const storeArg = options.args?.indexOf('--store') ?? -1;
  const engine = storeArg >= 0 ? options.args?.[storeArg + 1] : store;
  const dynamodbEndpoint = engine === 'dynamodb' ? runDynamoDbFor(options) : undefined;
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: '0',
      WATTLE_DATA_DIR: options.dataDir,
      ...(dynamodbEndpoint ? { WATTLE_DYNAMODB_ENDPOINT: dynamodbEndpoint } : {}),
      ...(options.logLevel === null
        ? {}
        : {
            WATTLE_LOG_LEVEL:
              options.logLevel ||
              process.env.WATTLE_STACK_LOG_LEVEL ||
              process.env.WATTLE_LOG_LEVEL ||
              'SILENT',
          }),
      ...(options.eventRetentionDays
        ? { WATTLE_EVENT_RETENTION_DAYS: String(options.eventRetentionDays) }
        : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      alive.delete(child);
      resolve(code);
    }),
  );

  const deadline = Date.now() + hangNet(options.readyTimeoutMs ?? 60_000);
  while (!out.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The local stack did not start:\n${out}\n${err}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const info = JSON.parse(readFileSync(join(options.dataDir, 'local.json'), 'utf8')) as LocalStackInfo;
  // The memory engine has neither (its block says so): ''.
  const onMemory = /store\s+memory engine/.test(out);
  const endpoint = (label: string): string => {
    if (onMemory) return '';
    const match = new RegExp(`${label}\\s+(http://\\S+)`).exec(out);
    if (!match?.[1]) throw new Error(`No ${label} endpoint in the stack's output:\n${out}`);
    return match[1];
  };
  const accessKey = (): string => {
    const match = /access key\s+(\S+)/.exec(out);
    if (!match?.[1]) throw new Error(`No DynamoDB Local access key in the stack's output:\n${out}`);
    return match[1];
  };
  return {
    ...info,
    port: Number(new URL(info.test.baseUrl).port),
    ddbEndpoint: endpoint('DynamoDB Local'),
    ddbAccessKeyId: onMemory ? '' : accessKey(),
    sqsEndpoint: endpoint('SQS \\(fauxqs\\)'),
    dataDir: options.dataDir,
    process: child,
    output: () => `${out}${err}`,
    stop: async () => {
      const running = child.exitCode === null && child.signalCode === null;
      const java = running && onMemory ? descendantsOf(child.pid!).filter((p) => p.command === 'java') : [];
      const finds = !running
        ? []
        : onMemory
          ? await findCardDataInRecords(Number(new URL(info.test.baseUrl).port))
          : await findCardDataInTable(
              { ddbEndpoint: endpoint('DynamoDB Local'), ddbAccessKeyId: accessKey() },
              localTableName,
            );
      if (running) child.kill('SIGTERM');
      const code = await exited;
      finds.push(...findCardDataInLogs(`${out}${err}`, `the output of the stack in ${options.dataDir}`));
      if (finds.length > 0) throw new Error(describeFinds(finds));
      if (java.length > 0)
        throw new Error(
          `A Java process ran under the memory-engine stack in ${options.dataDir}: ${java.map((p) => p.pid)}`,
        );
      return code;
    },
  };
};
