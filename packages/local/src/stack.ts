import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Environment, environments, type Merchant, PinError } from '@wattle/domain';
import { diskFileBlobs } from '@wattle/file-storage';
import {
  activateMerchant,
  type EnvironmentKeys,
  provisionAccount,
  reviewMerchant,
  setProcessorRouting,
  showProcessorRouting,
} from '@wattle/flows';
import { publicBaseUrlVariable, simulatorAccount } from '@wattle/routes';
import {
  describeAccount,
  loadProcessorConfig,
  type ProcessorConfig,
  randomIds,
  runtimeClock,
} from '@wattle/runtime';
import { presentMerchantSummary } from '@wattle/wire';
import { localCredentials, localRegion } from './aws.ts';
import { LocalClock } from './clock.ts';
import { consoleLevel, localConsole } from './console.ts';
import { controlEndpoints, type EnvironmentInfo } from './control.ts';
import { DashboardAccounts } from './dashboard/accounts.ts';
import { createDashboard } from './dashboard/dashboard.ts';
import { localTableName, startDynamoDbEngine } from './dynamodb-engine.ts';
import type { StoreEngine, StoreEngineName } from './engine.ts';
import { EventFeed, eventStream, tapQueues } from './event-feed.ts';
import { fileDownloads } from './file-downloads.ts';
import type { FixedKeys } from './fixed-keys.ts';
import { anyHandlerLoaded, onInvocationEnd } from './functions.ts';
import { type ControlHandler, createGateway } from './gateway.ts';
import { registerJob } from './jobs.ts';
import { loopbackHost } from './loopback.ts';
import { startMemoryEngine } from './memory-engine.ts';
import { keepLocalMetrics } from './metrics.ts';
import { makePrivate } from './private-files.ts';
import { fileRequestLog } from './request-log.ts';
import { runScheduler } from './scheduler.ts';
import { accountDeps, ensureSeed, loadCardKey, provisionMerchant, reprovisionSeed } from './seed.ts';
import { startWebhookDelivery } from './webhook-delivery.ts';

export { localTableName } from './dynamodb-engine.ts';
export const defaultPort = 4010;

/** `handler`, then `after` once each request is answered (or failed). */
const followedBy =
  (handler: ControlHandler, after: () => void): ControlHandler =>
  (request) =>
    handler(request).finally(after);

/** How long an idle keep-alive connection stays open (Node's default is 5 s; see createServer below). */
const idleConnectionMs = 65_000;

export interface LocalStackOptions {
  /** 0 = any free port. Default 4010. */
  port?: number;
  /** Default: WATTLE_DATA_DIR, else `.wattle` (relative to the working directory). Created if missing. */
  dataDir?: string;
  /** Keep no data: DynamoDB Local in memory, fresh card key and seed; only local.json is written. */
  inMemory: boolean;
  /**
   * Which store the functions run on: `dynamodb` (default: DynamoDB Local and the SQS emulator, the
   * engine that behaves like AWS) or `memory` (this process's memory, no Java; keeps nothing).
   */
  store?: StoreEngineName;
  /**
   * A DynamoDB Local already running (WATTLE_DYNAMODB_ENDPOINT) for the DynamoDB engine, instead of
   * a JVM of the stack's own: the stack's table is in the database of its own access key there
   * (with `inMemory`, a new key each start, and the table deleted as the stack stops).
   */
  dynamodbEndpoint?: string;
  /** Only warnings and errors on the console (unless WATTLE_LOG_LEVEL says otherwise). */
  quiet?: boolean;
  /** How often the scheduled jobs run by themselves, as the EventBridge schedule does. 0 = never. */
  scheduleIntervalMs?: number;
  /** Called if DynamoDB Local dies under the running stack (default: log it). */
  onFatal?: (error: Error) => void;
  /** Keys the seeded merchant and partner take instead of new ones (--keys-from, WATTLE_*_KEY). */
  keys?: FixedKeys;
}

/** What local.json holds (exactly this shape: external tooling reads it). */
export interface LocalStackInfo {
  test: EnvironmentInfo;
  live: EnvironmentInfo;
  partnerKey: string;
  clockUrl: string;
}

export interface LocalStack {
  port: number;
  info: LocalStackInfo;
  /** The store engine it runs on. */
  store: StoreEngineName;
  /** DynamoDB Local's and the SQS emulator's endpoints, the table, the queues ('' on the memory engine). */
  ddbEndpoint: string;
  /** The access key of the stack's own database in DynamoDB Local ('' on the memory engine). */
  ddbAccessKeyId: string;
  sqsEndpoint: string;
  tableName: string;
  queueUrls: Record<string, string>;
  dataDir: string;
  inMemory: boolean;
  /** The live environment's processor, as the readable block shows it (test's is the simulator). */
  liveProcessor: string;
  /**
   * Empties the stack to the seeded accounts (same ids and keys: local.json holds) with the clock
   * at real time, as `POST /_local/reset` does; answers the time and how many items went.
   */
  reset(): Promise<{ now: Date; deleted: number }>;
  /**
   * Holds the events the functions write in the table's stream (its pipe reads nothing) until
   * released, when they are delivered as usual; the DynamoDB engine only. The bench measures a
   * request's own CPU so, without the work its events cause.
   */
  holdEvents(held: boolean): void;
  /** Stops the server, the pollers and the engine (fauxqs and DynamoDB Local), in that order. */
  stop(): Promise<void>;
}

let running = false;

/**
 * What the functions read from the environment: set before any handler module is imported. The
 * credentials are fake on purpose, so no real AWS account can be reached from a local function.
 */
const setFunctionEnvironment = (env: {
  engine: Record<string, string>;
  cardKey: string;
  logLevel: string;
  filesDir: string;
  filesUrlKey: string;
}): void => {
  for (const name of [
    'AWS_SESSION_TOKEN',
    'AWS_PROFILE',
    'AWS_ENDPOINT_URL',
    'AWS_ENDPOINT_URL_DYNAMODB',
    'AWS_ENDPOINT_URL_DYNAMODB_STREAMS',
    'AWS_ENDPOINT_URL_SQS',
    'WATTLE_CARD_KMS_KEY_ID',
    'WATTLE_FILES_BUCKET',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, {
    // The functions' configuration names a table; on the memory engine no function reaches one.
    WATTLE_TABLE_NAME: localTableName,
    // Uploaded files' bytes on disk, their download URLs signed with a key of this run.
    WATTLE_FILES_DIR: env.filesDir,
    WATTLE_FILES_URL_KEY: env.filesUrlKey,
    WATTLE_CARD_KEY: env.cardKey,
    WATTLE_LOG_LEVEL: env.logLevel,
    // A terminal reads the functions' logs: one line each, unless a harness asks for the JSON.
    // Their metrics are kept for GET /_local/metrics rather than printed as CloudWatch's JSON.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED || 'true',
    WATTLE_LOG_FORMAT: process.env.WATTLE_LOG_FORMAT || 'line',
    AWS_REGION: localRegion,
    AWS_DEFAULT_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    ...env.engine,
  });
};

const environmentInfo = (
  baseUrl: string,
  keys: Record<Environment, EnvironmentKeys>,
  environment: Environment,
) => ({
  baseUrl: `${baseUrl}/${environment}`,
  secretKey: keys[environment].secretKey,
  publishableKey: keys[environment].publishableKey,
});

const listen = (server: Server, port: number): Promise<number> =>
  new Promise((done, fail) => {
    const onError = (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is in use. Set PORT to another port (PORT=0 picks a free one).`)
          : error,
      );
    server.once('error', onError);
    server.listen(port, loopbackHost, () => {
      server.removeListener('error', onError);
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : port);
    });
  });

const closeServer = async (server: Server): Promise<void> => {
  if (!server.listening) return;
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await closed;
  clearTimeout(force);
};

/** The live default account as the readable block shows it, and the other accounts by name. */
const describeLiveProcessor = (config: ProcessorConfig): string => {
  const live = config.accounts.find((account) => account.name === config.live);
  const others = config.accounts.filter((account) => account !== live).map((account) => account.name);
  const also = others.length > 0 ? `; accounts also ${others.join(', ')}` : '';
  return live
    ? `${describeAccount(live)}${also}`
    : `the simulator (WATTLE_LIVE_PROCESSOR names a processor account: docs/operations/processors.md)${also}`;
};

/**
 * Starts the whole local stack (docs/guide/local-stack.md): DynamoDB Local, fauxqs, the table and queues,
 * the seeded accounts, the stream → queue pipe, the scheduled jobs and the API Gateway emulator,
 * then writes local.json. One stack per process: the functions keep their clients once loaded.
 */
export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  if (running) throw new Error('A local stack is already running in this process');
  // The functions build their clients once from the environment: a second stack would not reach them.
  if (anyHandlerLoaded())
    throw new Error('An earlier local stack loaded the functions in this process: use a new process');
  // A processor account set wrong (a setting missing or malformed) stops the start, naming the setting.
  const processorConfig = loadProcessorConfig();
  const liveProcessor = describeLiveProcessor(processorConfig);
  running = true;
  const dataDir = resolve(options.dataDir ?? process.env.WATTLE_DATA_DIR ?? '.wattle');
  // The memory engine keeps nothing after it stops: no card key, seed, clock or files either.
  const persistent = !options.inMemory && options.store !== 'memory';
  const file = (name: string) => (persistent ? join(dataDir, name) : null);
  const logLevel = consoleLevel(options.quiet ?? false);
  const out = localConsole(logLevel);
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('[wattle-local] stopping:', error);
      }
    }
    cleanups.length = 0;
  };

  try {
    makePrivate(dataDir);
    const cardKey = loadCardKey(file('card.key'));
    const clock = new LocalClock(file('clock.json'));
    const engineStart = {
      persistent,
      dataDir,
      dynamodbEndpoint: options.dynamodbEndpoint,
      cardKey,
      now: () => clock.now(),
      info: (line: string) => out.info(line),
      cleanups,
    };
    const engine: StoreEngine = await (options.store === 'memory' ? startMemoryEngine : startDynamoDbEngine)(
      engineStart,
    );
    const { store } = engine;

    // Uploaded files under the data directory (private as the rest of it); in memory, a temporary
    // directory that goes when the stack stops.
    const filesDir = persistent ? join(dataDir, 'files') : mkdtempSync(join(tmpdir(), 'wattle-files-'));
    if (!persistent) cleanups.push(() => rmSync(filesDir, { recursive: true, force: true }));
    makePrivate(filesDir);
    const filesUrlKey = randomBytes(32);
    setFunctionEnvironment({
      engine: engine.functionEnvironment,
      cardKey,
      logLevel,
      filesDir,
      filesUrlKey: filesUrlKey.toString('hex'),
    });

    // The functions' metrics, kept for GET /_local/metrics from the first request on.
    const metrics = keepLocalMetrics();
    cleanups.push(() => metrics.stop());
    cleanups.push(registerJob('scheduler', runScheduler));
    cleanups.push(registerJob('expiry-sweep', async () => engine.sweep()));
    clock.restore();
    const { seed } = await ensureSeed(store, file('seed.json'), options.keys);
    await engine.startEventPipe();
    // What a function wrote is read from the stream as its invocation ends, not at the next poll.
    cleanups.push(onInvocationEnd(() => engine.wakeEventPipe()));
    // Stops before the engine's pipe and queues (cleanups run in reverse).
    // What goes through the delivery function's queues is pushed to the events stream's followers.
    const feed = new EventFeed();
    const delivery = startWebhookDelivery(tapQueues(engine.sources, feed), engine.queueUrls);
    cleanups.push(() => delivery.stop());

    let baseUrl = '';
    // The merchants whose secret keys this run knows, for the dashboard's reads through the API.
    const dashboardAccounts = new DashboardAccounts();
    const addSeedToDashboard = () =>
      dashboardAccounts.add({
        accountId: seed.merchant.accountId,
        name: 'Local Merchant',
        secretKeys: { test: seed.merchant.keys.test.secretKey, live: seed.merchant.keys.live.secretKey },
      });
    addSeedToDashboard();
    const merchantDeps = { merchants: store.merchants, ids: randomIds, clock: runtimeClock };
    /** The merchant a decision made, as the partner sees it; null when there is no such merchant. */
    const summaryOrNull = async (decided: Promise<Merchant>) => {
      try {
        return presentMerchantSummary(await decided);
      } catch (error) {
        if (error instanceof PinError && error.code === 'not_found') return null;
        throw error;
      }
    };
    /** Every item, message and file goes; the seeded accounts come back as they were; real time. */
    const reset = () =>
      clock.reset(async () => {
        const deleted = await engine.empty();
        rmSync(filesDir, { recursive: true, force: true });
        makePrivate(filesDir);
        await reprovisionSeed(store, seed);
        dashboardAccounts.clear();
        addSeedToDashboard();
        metrics.clear();
        return { deleted };
      });
    const requestLog = fileRequestLog(dataDir);
    const server = createServer(
      // Idle keep-alive connections stay open longer than a client keeps them (Node's fetch: the
      // server's hint less a second), so a client never sends on a socket the stack is closing:
      // at 5 s a loaded machine's late timer made the two cross ("other side closed").
      { keepAliveTimeout: idleConnectionMs },
      createGateway({
        console: out,
        requestLog,
        downloads: fileDownloads(
          diskFileBlobs({ dir: filesDir, urlKey: filesUrlKey, urlBase: () => `${baseUrl}/_local/files` }),
          filesUrlKey,
        ),
        // A control request writes too (an account made, a reset, the jobs a clock move runs).
        control: followedBy(
          controlEndpoints({
            clock,
            console: out,
            activateMerchant: (merchantToken) => summaryOrNull(activateMerchant(merchantDeps, merchantToken)),
            reviewMerchant: (merchantToken, outcome) =>
              summaryOrNull(reviewMerchant(merchantDeps, merchantToken, outcome)),
            showRouting: (merchant) => showProcessorRouting(store, merchant),
            // The live environment's accounts: the simulator's, and every one the stack declares.
            setRouting: (merchant, written) =>
              setProcessorRouting(store, merchant, written, [
                simulatorAccount,
                ...processorConfig.accounts.map((account) => account.name),
              ]),
            reset,
            records: engine.records,
            migrations: engine.migrations,
            metrics: metrics.totals,
            createAccount: async ({ name, email, kind, referredBy, payoutBankAccount, transfersEnabled }) => {
              const suffix = randomBytes(4).toString('hex');
              const label = kind === 'partner' ? 'Partner' : 'Merchant';
              const request = {
                name: name ?? `${label} ${suffix}`,
                email: email ?? `${kind}-${suffix}@wattle.local`,
              };
              if (kind === 'partner') {
                const partner = await provisionAccount(accountDeps(store), { kind, ...request });
                return { accountId: partner.account.id, kind, partnerKey: partner.partnerKey! };
              }
              const referrer = referredBy ? await store.accounts.get(referredBy) : null;
              if (referredBy && referrer?.kind !== 'partner') return null;
              const merchant = await provisionMerchant(store, {
                ...request,
                referredBy: referrer?.id ?? seed.partner.accountId,
                payoutBankAccount,
                transfersEnabled,
              });
              dashboardAccounts.add({
                accountId: merchant.accountId,
                name: request.name,
                secretKeys: { test: merchant.keys.test.secretKey, live: merchant.keys.live.secretKey },
              });
              return {
                accountId: merchant.accountId,
                kind,
                test: environmentInfo(baseUrl, merchant.keys, 'test'),
                live: environmentInfo(baseUrl, merchant.keys, 'live'),
              };
            },
          }),
          () => engine.wakeEventPipe(),
        ),
        eventStream: eventStream(feed, store.accounts),
        dashboard: createDashboard({
          accounts: dashboardAccounts,
          origin: () => baseUrl,
          store,
          clock,
          feed,
        }),
        keepOpen: (res) => feed.keep(res),
      }),
    );
    const port = await listen(server, options.port ?? defaultPort);
    cleanups.push(async () => {
      feed.endStreams();
      await closeServer(server);
      requestLog.close();
      await clock.idle();
    });
    baseUrl = `http://localhost:${port}`;
    process.env.WATTLE_FILES_URL_BASE = `${baseUrl}/_local/files`;
    // The links the functions hand out (3-D Secure, self-service) are built on these, never on headers.
    for (const environment of environments)
      process.env[publicBaseUrlVariable(environment)] = `${baseUrl}/${environment}`;
    out.info(`start: gateway listening on ${baseUrl}`);

    const intervalMs = options.scheduleIntervalMs ?? 60_000;
    if (intervalMs > 0) {
      const schedule = setInterval(() => {
        clock.runDueJobs().then(({ failures }) => {
          for (const failure of failures)
            console.error(`[wattle-local] job ${failure.name} failed:`, failure.error);
        });
      }, intervalMs);
      schedule.unref();
      cleanups.push(() => clearInterval(schedule));
    }

    const info: LocalStackInfo = {
      test: environmentInfo(baseUrl, seed.merchant.keys, 'test'),
      live: environmentInfo(baseUrl, seed.merchant.keys, 'live'),
      partnerKey: seed.partner.partnerKey,
      clockUrl: `${baseUrl}/_local/clock`,
    };
    writeFileSync(join(dataDir, 'local.json'), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });

    let stopping: Promise<void> | undefined;
    engine.exited.then(() => {
      if (stopping) return;
      const error = new Error('DynamoDB Local exited unexpectedly');
      if (options.onFatal) options.onFatal(error);
      else console.error(`[wattle-local] ${error.message}`);
    });
    return {
      port,
      info,
      store: engine.name,
      ddbEndpoint: engine.ddbEndpoint,
      ddbAccessKeyId: engine.ddbAccessKeyId,
      sqsEndpoint: engine.sqsEndpoint,
      tableName: engine.tableName,
      queueUrls: engine.queueUrls,
      dataDir,
      inMemory: !persistent,
      liveProcessor,
      reset,
      holdEvents: (held) => engine.holdEvents(held),
      stop: () => {
        stopping ??= cleanup().finally(() => {
          running = false;
        });
        return stopping;
      },
    };
  } catch (error) {
    await cleanup();
    running = false;
    throw error;
  }
};
