/**
 * `import { startWattle } from 'wattle'`: the local stack for a project's own tests. It runs
 * `wattle start` in a child process (the stack sets its process's environment and loads each
 * function once, so it never shares the test runner's process) and drives it through its clock and
 * reset endpoints. Built into dist/index.js beside dist/bin.js; its types into dist/index.d.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WattleOptions {
  /** The port to listen on (default 0: any free port). */
  port?: number;
  /**
   * Where local.json (and, unless `inMemory`, the data) goes. Default: a new temporary directory,
   * removed by stop().
   */
  dataDir?: string;
  /** Keep no data after stop (default true). */
  inMemory?: boolean;
  /**
   * The store engine (`--store`): `memory` (the default: in the stack's process, on every Node the
   * package runs on) or `dynamodb` (DynamoDB Local and the SQS emulator, as AWS behaves: Node 22.5
   * and Java 17; the stack says in one line what is missing).
   */
  store?: string;
  /** Fixed keys from a JSON file in local.json's shape (`--keys-from`). */
  keysFrom?: string;
  /** WATTLE_LOG_LEVEL of the stack (default WARN): its log lines go to this process's stderr. */
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
  /** More environment variables of the stack (WATTLE_TEST_SECRET_KEY and the other fixed keys). */
  env?: Record<string, string>;
  /** How long to wait for it to be ready (default 60 000 ms). */
  readyTimeoutMs?: number;
}

export interface EnvironmentKeys {
  secretKey: string;
  publishableKey: string;
}

/** What local.json holds. */
export interface WattleInfo {
  test: EnvironmentKeys & { baseUrl: string };
  live: EnvironmentKeys & { baseUrl: string };
  partnerKey: string;
  clockUrl: string;
}

export interface WattleClock {
  /** The stack's time. */
  now(): Promise<Date>;
  /** Moves the clock forward; the jobs that came due (renewals, retries, deposits…) have run on return. */
  advance(seconds: number): Promise<Date>;
  /** Moves the clock forward to `time` (it never goes back: reset() brings it to the real time). */
  set(time: Date | string): Promise<Date>;
}

export interface Wattle {
  /** `http://localhost:PORT/test`: Pin's test host, `…/1/charges` and so on. */
  testBaseUrl: string;
  /** `http://localhost:PORT/live`. */
  liveBaseUrl: string;
  keys: { test: EnvironmentKeys; live: EnvironmentKeys; partnerKey: string };
  clockUrl: string;
  /** All of local.json. */
  info: WattleInfo;
  dataDir: string;
  clock: WattleClock;
  /** Back to the seeded accounts alone (same keys) and the real time. */
  reset(): Promise<void>;
  /** Stops the stack (and removes the temporary data directory it was given). */
  stop(): Promise<void>;
}

interface ReadyMessage {
  wattle: 'ready';
  info: WattleInfo;
  dataDir: string;
}

const isReady = (message: unknown): message is ReadyMessage =>
  typeof message === 'object' && message !== null && (message as { wattle?: unknown }).wattle === 'ready';

const running = new Set<ChildProcess>();
process.once('exit', () => {
  // A stack its test never stopped goes with the test process (its DynamoDB Local with it).
  for (const child of running) child.kill('SIGKILL');
});

/** Its output's last lines, for the error when it does not start. */
const keepTail = (lines: string[], chunk: Buffer) => {
  lines.push(...chunk.toString('utf8').split('\n'));
  if (lines.length > 60) lines.splice(0, lines.length - 60);
};

/** Starts Wattle's local stack; resolves once it answers. */
export const startWattle = async (options: WattleOptions = {}): Promise<Wattle> => {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wattle-'));
  const args = [
    fileURLToPath(new URL('./bin.js', import.meta.url)),
    'start',
    '--port',
    String(options.port ?? 0),
  ];
  if (options.inMemory ?? true) args.push('--in-memory');
  if (options.store !== undefined) args.push('--store', options.store);
  if (options.keysFrom !== undefined) args.push('--keys-from', options.keysFrom);
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      WATTLE_DATA_DIR: dataDir,
      WATTLE_LOG_LEVEL: options.logLevel ?? 'WARN',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => keepTail(output, chunk));
  child.stderr?.on('data', (chunk: Buffer) => {
    keepTail(output, chunk);
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      done();
    }),
  );

  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let ready: ReadyMessage;
  try {
    ready = await new Promise<ReadyMessage>((done, fail) => {
      child.on('message', (message) => {
        if (isReady(message)) done(message);
      });
      child.once('exit', (code, signal) =>
        fail(
          new Error(`Wattle exited (${signal ?? `code ${code}`}) before it was ready:\n${output.join('\n')}`),
        ),
      );
      timer = setTimeout(
        () => fail(new Error(`Wattle was not ready in ${timeoutMs} ms:\n${output.join('\n')}`)),
        timeoutMs,
      );
    });
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  // Up: the test process may end without stop() (its exit hook takes the stack down then).
  child.unref();
  child.channel?.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();

  const { info } = ready;
  const control = async (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(`/_local${path}`, info.clockUrl), {
      method,
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    const body = (await response.json()) as { now?: string; error_description?: string };
    if (!response.ok)
      throw new Error(`${method} /_local${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const now = async () => new Date((await control('GET', '/clock')).now!);
  const advance = async (seconds: number) =>
    new Date((await control('POST', '/clock/advance', { seconds: String(seconds) })).now!);

  let stopping: Promise<void> | undefined;
  return {
    testBaseUrl: info.test.baseUrl,
    liveBaseUrl: info.live.baseUrl,
    keys: {
      test: { secretKey: info.test.secretKey, publishableKey: info.test.publishableKey },
      live: { secretKey: info.live.secretKey, publishableKey: info.live.publishableKey },
      partnerKey: info.partnerKey,
    },
    clockUrl: info.clockUrl,
    info,
    dataDir: ready.dataDir,
    clock: {
      now,
      advance,
      set: async (time) => {
        const target = new Date(time);
        if (Number.isNaN(target.getTime())) throw new Error(`Not a time: ${String(time)}`);
        const ms = Math.round(target.getTime() - (await now()).getTime());
        if (ms < 0)
          throw new Error(`The clock moves forward only; it is after ${target.toISOString()} already`);
        return ms === 0 ? target : advance(ms / 1000);
      },
    },
    reset: async () => {
      await control('POST', '/reset');
    },
    stop: () => {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(force);
      })();
      return stopping;
    },
  };
};
