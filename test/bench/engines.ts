/**
 * The store engines side by side, and a peer: the local stack on the memory engine and on the
 * DynamoDB Local engine (`npm start -- --store …`, each in a process of its own, one at a time),
 * and stripe-stateful-mock (a stateful Stripe emulator in Node, a dev dependency), all driven by
 * the same load generator at the same concurrency: create, get and list charges, and create a
 * customer with a card. Each stack is the
 * real `npm start` entry: the same gateway, middlewares, validation, flows and events.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '@wattle/local';
import { merchantOn, operations } from './api-operations.ts';
import { benchApi } from './bench-api.ts';
import { cpuMsOf, descendantsNamed } from './cpu.ts';
import { type LoadResult, runLoad } from './load.ts';

export const engineOperations = ['create charge', 'get charge', 'list charges', 'create customer'] as const;
export type EngineOperation = (typeof engineOperations)[number];

export interface EngineRow {
  name: 'memory engine' | 'DynamoDB Local engine' | 'stripe-stateful-mock';
  /** From the process's start to its first answer (what a test runner waits for), ms. */
  processReadyMs: number;
  /** What its ready line says: from its process's start to ready, ms; none for the peer. */
  stackReadyMs?: number;
  /**
   * The memory engine as an installed package starts it (`npx wattle start --store memory`: the
   * package's built JavaScript, dist/bin.js, no tsx): process start to first answer, ms, the median
   * of a few starts; or why it could not be measured.
   */
  installedReadyMs?: number | string;
  results: Record<EngineOperation, LoadResult>;
  /**
   * The server's CPU per answered request during each measured run, ms, from /proc: the stack's
   * Node process (with DynamoDB Local's JVM on that engine), or the peer's. Steadier than the rates
   * when other work shares the machine.
   */
  cpuMsPerRequest: Record<EngineOperation, number>;
  /** Why the charges get and list charges read could not all be made first (then they read fewer). */
  setupError?: string;
}

/** A server that could not be measured, and why (the table says so rather than the run failing). */
export interface EngineFailure {
  name: EngineRow['name'];
  error: string;
}

export interface EnginesOptions {
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  log: (line: string) => void;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

interface Started {
  child: ChildProcess;
  port: number;
  processReadyMs: number;
  output(): string;
}

/** Spawns `args` with `env`, ready once `ready(output)` holds; throws with the output if it exits first. */
const startProcess = async (
  args: string[],
  env: Record<string, string>,
  ready: (output: string) => Promise<boolean> | boolean,
): Promise<Omit<Started, 'port'>> => {
  const at = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const deadline = Date.now() + 120_000;
  while (!(await ready(out))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not start:\n${out.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { child, processReadyMs: performance.now() - at, output: () => out };
};

const stop = async (child: ChildProcess): Promise<void> => {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
};

/**
 * The operations' loads on one server: warm-up, then the measured run, one operation after another,
 * with the CPU that `serverCpuMs` reads (the server's processes, so not the load generator's) over
 * the measured run.
 */
const measure = async (
  send: Record<EngineOperation, (i: number) => Promise<void>>,
  serverCpuMs: () => number,
  options: EnginesOptions,
): Promise<Pick<EngineRow, 'results' | 'cpuMsPerRequest'>> => {
  const results = {} as Record<EngineOperation, LoadResult>;
  const cpuMsPerRequest = {} as Record<EngineOperation, number>;
  for (const name of engineOperations) {
    const load = { concurrency: options.concurrency, work: send[name] };
    await runLoad({ ...load, durationMs: options.warmupMs });
    const cpuBefore = serverCpuMs();
    const result = await runLoad({ ...load, durationMs: options.durationMs });
    const answered = result.requests - result.errors;
    cpuMsPerRequest[name] = answered > 0 ? (serverCpuMs() - cpuBefore) / answered : Number.NaN;
    results[name] = { ...result, latenciesMs: [] };
    const errors = result.errors ? ` (${result.errors} errors: ${result.firstError})` : '';
    options.log(
      `    ${name}: ${result.perSecond.toFixed(0)} req/s, ${cpuMsPerRequest[name].toFixed(3)} ms CPU a request${errors}`,
    );
  }
  return { results, cpuMsPerRequest };
};

/** Starts of the built package measured for installedReadyMs. */
const installedStarts = 5;

/**
 * The median time from process start to first answer of `wattle start --store memory` from the
 * package's build (dist/bin.js, which the root's postprepare builds on install), as a project that
 * added Wattle as a dev dependency starts it.
 */
const installedReady = async (): Promise<number | string> => {
  const bin = join(repoRoot, 'dist/bin.js');
  if (!existsSync(bin)) return 'dist/bin.js is missing (npm run prepack builds it)';
  const times: number[] = [];
  for (let i = 0; i < installedStarts; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'wattle-bench-installed-'));
    try {
      const started = await startProcess(
        [bin, 'start', '--store', 'memory', '--in-memory', '--quiet', '--port', '0'],
        { WATTLE_DATA_DIR: dataDir, WATTLE_LOG_LEVEL: 'SILENT' },
        (output) => output.includes('Press Ctrl-C to stop.'),
      );
      times.push(started.processReadyMs);
      await stop(started.child);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
};

/** The local stack on `store`: `npm start -- --store <store> --in-memory --quiet`, on a free port. */
const benchStack = async (store: 'memory' | 'dynamodb', options: EnginesOptions): Promise<EngineRow> => {
  const dataDir = mkdtempSync(join(tmpdir(), `wattle-bench-${store}-`));
  const started = await startProcess(
    [
      '--import',
      'tsx',
      'packages/local/src/main.ts',
      '--store',
      store,
      '--in-memory',
      '--quiet',
      '--port',
      '0',
    ],
    { WATTLE_DATA_DIR: dataDir, WATTLE_LOG_LEVEL: 'SILENT' },
    (output) => output.includes('Press Ctrl-C to stop.'),
  );
  try {
    const port = Number(/http:\/\/localhost:(\d+)\/test/.exec(started.output())?.[1]);
    const readyLine = /ready in ([\d.]+) s/.exec(started.output());
    const merchant = await merchantOn(port);
    const ops = operations(merchant);
    // get charge cycles through the charges made so far: a page's worth before the loads start (a
    // failure shows as the operations' errors).
    const setup = await runLoad({
      concurrency: 1,
      durationMs: 60_000,
      maxCount: 26,
      work: (i) => ops['create charge'].send(i),
    });
    const pid = started.child.pid as number;
    // The JVM is the DynamoDB engine's child; looked up once, as it runs for the stack's life.
    const servers = [pid, ...descendantsNamed(pid, 'java')];
    const measured = await measure(
      {
        'create charge': (i) => ops['create charge'].send(i),
        'get charge': (i) => ops['get charge'].send(i),
        'list charges': (i) => ops['list charges'].send(i),
        'create customer': (i) => ops['create customer'].send(i),
      },
      () => cpuMsOf(servers),
      options,
    );
    return {
      name: store === 'memory' ? 'memory engine' : 'DynamoDB Local engine',
      processReadyMs: started.processReadyMs,
      ...(readyLine ? { stackReadyMs: Number(readyLine[1]) * 1000 } : {}),
      ...(store === 'memory' ? { installedReadyMs: await installedReady() } : {}),
      ...measured,
      ...(setup.errors ? { setupError: setup.firstError ?? 'failed' } : {}),
    };
  } finally {
    await stop(started.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * A Stripe request to the peer, by the client the stacks' loads use (its keep-alive agent) with the
 * peer's Bearer key; throws unless it answered 200.
 */
const stripeCall = async (
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, string>,
): Promise<Record<string, unknown>> => {
  const client = benchApi(base, '');
  const options = { form: true, headers: { authorization: 'Bearer sk_test_bench' } };
  const res = method === 'GET' ? await client.get(path, options) : await client.post(path, body, options);
  if (res.status !== 200)
    throw new Error(`${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body as Record<string, unknown>;
};

/** stripe-stateful-mock, started from its package: create a charge on a card, get it, list them. */
const benchStripeMock = async (options: EnginesOptions): Promise<EngineRow> => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cli = createRequire(import.meta.url).resolve('stripe-stateful-mock/dist/cli.js');
  const started = await startProcess([cli], { PORT: String(port), LOG_LEVEL: 'warn' }, async () => {
    try {
      await stripeCall(base, 'GET', '/v1/charges');
      return true;
    } catch {
      return false;
    }
  });
  try {
    const charges: string[] = [];
    const create = async () => {
      const charge = await stripeCall(base, 'POST', '/v1/charges', {
        amount: '400',
        currency: 'aud',
        source: 'tok_visa',
        description: 'Bench',
      });
      charges.push(String(charge.id));
    };
    while (charges.length <= 25) await create();
    const pid = started.child.pid as number;
    const measured = await measure(
      {
        'create charge': create,
        'get charge': async (i) => {
          await stripeCall(base, 'GET', `/v1/charges/${charges[i % charges.length]}`);
        },
        // A page as long as Pin's (25).
        'list charges': async () => {
          await stripeCall(base, 'GET', '/v1/charges?limit=25');
        },
        'create customer': async (i) => {
          await stripeCall(base, 'POST', '/v1/customers', { email: `c${i}@example.com`, source: 'tok_visa' });
        },
      },
      () => cpuMsOf([pid]),
      options,
    );
    return { name: 'stripe-stateful-mock', processReadyMs: started.processReadyMs, ...measured };
  } finally {
    await stop(started.child);
  }
};

/** The three, one after another (each has the machine to itself), in one run. */
export const benchEngines = async (options: EnginesOptions): Promise<(EngineRow | EngineFailure)[]> => {
  const runs: [EngineRow['name'], string, () => Promise<EngineRow>][] = [
    ['memory engine', 'npm start -- --store memory', () => benchStack('memory', options)],
    ['DynamoDB Local engine', 'npm start -- --store dynamodb', () => benchStack('dynamodb', options)],
    ['stripe-stateful-mock', 'its package', () => benchStripeMock(options)],
  ];
  const rows: (EngineRow | EngineFailure)[] = [];
  for (const [name, how, run] of runs) {
    options.log(`  ${name} (${how}):`);
    try {
      rows.push(await run());
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]?.slice(0, 300) ?? '';
      options.log(`    failed: ${message}`);
      rows.push({ name, error: message });
    }
  }
  return rows;
};
