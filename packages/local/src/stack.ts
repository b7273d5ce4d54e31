import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  type Environment,
  environments,
  type Merchant,
  PinError,
  presentMerchantSummary,
} from '@wattle/domain';
import { diskFileBlobs } from '@wattle/file-storage';
import { activateMerchant, type EnvironmentKeys, provisionAccount, reviewMerchant } from '@wattle/flows';
import { publicBaseUrlVariable } from '@wattle/routes';
import { loadProcessorConfig, type ProcessorConfig, randomIds, runtimeClock } from '@wattle/runtime';
import { backfillCardOwners, createStore, documentClient, localCardCipher } from '@wattle/store';
import type { FauxqsServer } from 'fauxqs';
import { localClientConfig, localCredentials, localRegion } from './aws.ts';
import { LocalClock } from './clock.ts';
import { consoleLevel, localConsole } from './console.ts';
import { controlEndpoints, type EnvironmentInfo } from './control.ts';
import { DashboardAccounts } from './dashboard/accounts.ts';
import { createDashboard } from './dashboard/dashboard.ts';
import { type DynamoDbLocal, startDynamoDbLocal } from './dynamodb-local.ts';
import { startExpirySweeper, sweepExpiredItems } from './expiry-sweep.ts';
import { fileDownloads } from './file-downloads.ts';
import type { FixedKeys } from './fixed-keys.ts';
import { anyHandlerLoaded } from './functions.ts';
import { createGateway } from './gateway.ts';
import { registerJob } from './jobs.ts';
import { listeningOnLoopback, loopbackHost } from './loopback.ts';
import { makePrivate } from './private-files.ts';
import { ensureQueues, ensureTable } from './provision.ts';
import { fileRequestLog } from './request-log.ts';
import { emptyTable, purgeQueues } from './reset.ts';
import { runScheduler } from './scheduler.ts';
import { accountDeps, ensureSeed, loadCardKey, provisionMerchant, reprovisionSeed } from './seed.ts';
import { type StreamPipe, startStreamPipe } from './stream-pipe.ts';
import { startWebhookDelivery } from './webhook-delivery.ts';

export const localTableName = 'wattle';
export const defaultPort = 4010;

export interface LocalStackOptions {
  /** 0 = any free port. Default 4010. */
  port?: number;
  /** Default: WATTLE_DATA_DIR, else `.wattle` (relative to the working directory). Created if missing. */
  dataDir?: string;
  /** Keep no data: DynamoDB Local in memory, fresh card key and seed; only local.json is written. */
  inMemory: boolean;
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
  ddbEndpoint: string;
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
  /** Stops the server, the pollers, fauxqs and DynamoDB Local, in that order. */
  stop(): Promise<void>;
}

let running = false;

/** fauxqs needs node:sqlite, which warns that it is experimental on Node 22; that line is noise here. */
const importFauxqs = async () => {
  const original = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite/i.test(text)) return;
    (original as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await import('fauxqs');
  } finally {
    process.emitWarning = original;
  }
};

/**
 * What the functions read from the environment: set before any handler module is imported. The
 * credentials are fake on purpose, so no real AWS account can be reached from a local function.
 */
const setFunctionEnvironment = (env: {
  ddb: string;
  sqs: string;
  cardKey: string;
  logLevel: string;
  filesDir: string;
  filesUrlKey: string;
}): void => {
  Object.assign(process.env, {
    WATTLE_TABLE_NAME: localTableName,
    // Uploaded files' bytes on disk, their download URLs signed with a key of this run.
    WATTLE_FILES_DIR: env.filesDir,
    WATTLE_FILES_URL_KEY: env.filesUrlKey,
    WATTLE_CARD_KEY: env.cardKey,
    WATTLE_LOG_LEVEL: env.logLevel,
    // A terminal reads the functions' logs: one line each, unless a harness asks for the JSON.
    WATTLE_LOG_FORMAT: process.env.WATTLE_LOG_FORMAT || 'line',
    // DynamoDB Local answers in seconds under load what AWS answers in milliseconds: a connection
    // and an attempt are given up to the invocation's deadline, not AWS's 1 s and 5 s (aws-clients.ts).
    WATTLE_AWS_CONNECTION_TIMEOUT_MS: '25000',
    WATTLE_AWS_REQUEST_TIMEOUT_MS: '25000',
    AWS_ENDPOINT_URL_DYNAMODB: env.ddb,
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: env.ddb,
    AWS_ENDPOINT_URL_SQS: env.sqs,
    AWS_REGION: localRegion,
    AWS_DEFAULT_REGION: localRegion,
    AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  });
  for (const name of [
    'AWS_SESSION_TOKEN',
    'AWS_PROFILE',
    'AWS_ENDPOINT_URL',
    'WATTLE_CARD_KMS_KEY_ID',
    'WATTLE_FILES_BUCKET',
  ]) {
    delete process.env[name];
  }
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

const describeLiveProcessor = (config: ProcessorConfig): string =>
  config.live === 'simulator'
    ? 'the simulator (WATTLE_LIVE_PROCESSOR=adyen for Adyen)'
    : config.adyen.from === 'settings'
      ? `Adyen, merchant account ${config.adyen.settings.merchantAccount} at ${config.adyen.settings.checkoutUrl}`
      : `Adyen, settings in ${config.adyen.secretId}`;

/**
 * Starts the whole local stack (ARCHITECTURE.md §6): DynamoDB Local, fauxqs, the table and queues,
 * the seeded accounts, the stream → queue pipe, the scheduled jobs and the API Gateway emulator,
 * then writes local.json. One stack per process: the functions keep their clients once loaded.
 */
export const startLocalStack = async (options: LocalStackOptions): Promise<LocalStack> => {
  if (running) throw new Error('A local stack is already running in this process');
  // The functions build their clients once from the environment: a second stack would not reach them.
  if (anyHandlerLoaded())
    throw new Error('An earlier local stack loaded the functions in this process: use a new process');
  // A live processor set wrong (ADYEN_* missing or malformed) stops the start, naming the setting.
  const liveProcessor = describeLiveProcessor(loadProcessorConfig());
  running = true;
  const dataDir = resolve(options.dataDir ?? process.env.WATTLE_DATA_DIR ?? '.wattle');
  const persistent = !options.inMemory;
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
    const [ddbStart, fauxqsStart] = await Promise.allSettled([
      startDynamoDbLocal(persistent ? { dbPath: join(dataDir, 'dynamodb') } : {}),
      importFauxqs().then(({ startFauxqs }) =>
        listeningOnLoopback(() =>
          startFauxqs({
            port: 0,
            logger: false,
            defaultRegion: localRegion,
            ...(persistent ? { dataDir: join(dataDir, 'sqs') } : {}),
          }),
        ),
      ),
    ]);
    if (ddbStart.status === 'fulfilled') cleanups.push(() => ddbStart.value.stop());
    if (fauxqsStart.status === 'fulfilled') cleanups.push(() => fauxqsStart.value.stop());
    if (ddbStart.status === 'rejected') throw ddbStart.reason;
    if (fauxqsStart.status === 'rejected') throw fauxqsStart.reason;
    const ddb: DynamoDbLocal = ddbStart.value;
    const fauxqs: FauxqsServer = fauxqsStart.value;
    const sqsEndpoint = `http://${loopbackHost}:${fauxqs.port}`;
    out.info(`start: DynamoDB Local at ${ddb.endpoint} (${persistent ? `data in ${dataDir}` : 'in memory'})`);
    out.info(`start: SQS (fauxqs) at ${sqsEndpoint}`);
    // fauxqs's SQLite files are created under this process's umask.
    makePrivate(dataDir);

    const cardKey = loadCardKey(file('card.key'));
    // Uploaded files under the data directory (private as the rest of it); in memory, a temporary
    // directory that goes when the stack stops.
    const filesDir = persistent ? join(dataDir, 'files') : mkdtempSync(join(tmpdir(), 'wattle-files-'));
    if (!persistent) cleanups.push(() => rmSync(filesDir, { recursive: true, force: true }));
    makePrivate(filesDir);
    const filesUrlKey = randomBytes(32);
    setFunctionEnvironment({
      ddb: ddb.endpoint,
      sqs: sqsEndpoint,
      cardKey,
      logLevel,
      filesDir,
      filesUrlKey: filesUrlKey.toString('hex'),
    });

    const raw = new DynamoDBClient(localClientConfig(ddb.endpoint));
    const doc = documentClient(localClientConfig(ddb.endpoint));
    const sqs = new SQSClient({ ...localClientConfig(sqsEndpoint), useQueueUrlAsEndpoint: false });
    const streams = new DynamoDBStreamsClient(localClientConfig(ddb.endpoint));
    cleanups.push(() => {
      raw.destroy();
      doc.destroy();
      sqs.destroy();
      streams.destroy();
    });

    const { streamArn, created } = await ensureTable(raw, localTableName);
    out.info(`start: table ${localTableName} ${created ? 'created' : 'found'}`);
    const queueUrls = await ensureQueues(sqs);
    out.info(`start: queues ${Object.keys(queueUrls).join(', ')} ready`);
    const store = createStore(doc, localTableName, localCardCipher(Buffer.from(cardKey, 'hex')));

    const clock = new LocalClock(file('clock.json'));
    cleanups.push(registerJob('scheduler', runScheduler));
    // DynamoDB Local keeps expired items: a sweep deletes them as TTL does in AWS, counts and all,
    // in the background after every clock move and tick. Stops before DynamoDB Local.
    const sweeper = startExpirySweeper(() => sweepExpiredItems(doc, localTableName, streamArn, clock.now()));
    cleanups.push(() => sweeper.stop());
    cleanups.push(registerJob('expiry-sweep', async () => sweeper.poke()));
    clock.restore();
    const { seed } = await ensureSeed(store, file('seed.json'), options.keys);
    // Data kept from before a card could be charged by its token alone lacks its owner records; a
    // table made just now has none to fill in, so only a kept table is scanned.
    if (!created) await backfillCardOwners(store.ctx);

    const pipe: StreamPipe = await startStreamPipe({
      streams,
      sqs,
      streamArn,
      queueUrl: queueUrls.events,
      positionFile: file('stream-position.json') ?? undefined,
      newTable: created,
    });
    cleanups.push(() => pipe.stop());
    out.info('start: stream pipe from the table stream to the events queue running');
    // Stops before the pipe, fauxqs and DynamoDB Local (cleanups run in reverse).
    const delivery = startWebhookDelivery(sqs, queueUrls);
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
        const deleted = await emptyTable(doc, localTableName);
        await purgeQueues(sqs, Object.values(queueUrls));
        rmSync(filesDir, { recursive: true, force: true });
        makePrivate(filesDir);
        await reprovisionSeed(store, seed);
        dashboardAccounts.clear();
        addSeedToDashboard();
        return { deleted };
      });
    const requestLog = fileRequestLog(dataDir);
    const server = createServer(
      { keepAliveTimeout: 5000 },
      createGateway({
        console: out,
        requestLog,
        downloads: fileDownloads(
          diskFileBlobs({ dir: filesDir, urlKey: filesUrlKey, urlBase: () => `${baseUrl}/_local/files` }),
          filesUrlKey,
        ),
        control: controlEndpoints({
          clock,
          console: out,
          activateMerchant: (merchantToken) => summaryOrNull(activateMerchant(merchantDeps, merchantToken)),
          reviewMerchant: (merchantToken, outcome) =>
            summaryOrNull(reviewMerchant(merchantDeps, merchantToken, outcome)),
          reset,
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
        dashboard: createDashboard({ accounts: dashboardAccounts, origin: () => baseUrl, store, clock }),
      }),
    );
    const port = await listen(server, options.port ?? defaultPort);
    cleanups.push(async () => {
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
    ddb.exited.then(() => {
      if (stopping) return;
      const error = new Error('DynamoDB Local exited unexpectedly');
      if (options.onFatal) options.onFatal(error);
      else console.error(`[wattle-local] ${error.message}`);
    });
    return {
      port,
      info,
      ddbEndpoint: ddb.endpoint,
      sqsEndpoint,
      tableName: localTableName,
      queueUrls,
      dataDir,
      inMemory: !persistent,
      liveProcessor,
      reset,
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
