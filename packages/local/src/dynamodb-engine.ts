import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  createStore,
  documentClient,
  localCardCipher,
  migrations,
  runMigrations,
  tableStatus,
} from '@wattle/store';
import type { FauxqsServer } from 'fauxqs';
import { dynamodbAccessKeyOf, localClientConfig, localCredentials, localRegion } from './aws.ts';
import { startDynamoDbLocal, useRunningDynamoDb } from './dynamodb-local.ts';
import type { EngineStart, StoreEngine } from './engine.ts';
import { startExpirySweeper, sweepExpiredItems } from './expiry-sweep.ts';
import { listeningOnLoopback, loopbackHost } from './loopback.ts';
import { makePrivate } from './private-files.ts';
import { ensureQueues, ensureTable } from './provision.ts';
import { sqsQueueSource } from './queue-consumer.ts';
import { emptyTable, purgeQueues } from './reset.ts';
import { type StreamPipe, startStreamPipe } from './stream-pipe.ts';

export const localTableName = 'wattle';

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
 * The engine that behaves like AWS: DynamoDB Local (Java) and the SQS emulator (fauxqs), the table
 * and queues, the stream → events queue pipe, and a sweep that deletes expired items as TTL does.
 */
export const startDynamoDbEngine = async (start: EngineStart): Promise<StoreEngine> => {
  const { persistent, dataDir, cleanups } = start;
  const accessKeyId = dynamodbAccessKeyOf(start.cardKey);
  const given = start.dynamodbEndpoint;
  const [ddbStart, fauxqsStart] = await Promise.allSettled([
    given
      ? useRunningDynamoDb(given, { accessKeyId })
      : startDynamoDbLocal({ accessKeyId, ...(persistent ? { dbPath: join(dataDir, 'dynamodb') } : {}) }),
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
  const ddb = ddbStart.value;
  const fauxqs: FauxqsServer = fauxqsStart.value;
  const sqsEndpoint = `http://${loopbackHost}:${fauxqs.port}`;
  start.info(
    given
      ? `start: DynamoDB Local at ${ddb.endpoint} (already running: WATTLE_DYNAMODB_ENDPOINT; this stack's own database under its access key)`
      : `start: DynamoDB Local at ${ddb.endpoint} (${persistent ? `data in ${dataDir}` : 'in memory'})`,
  );
  start.info(`start: SQS (fauxqs) at ${sqsEndpoint}`);
  // fauxqs's SQLite files are created under this process's umask.
  makePrivate(dataDir);

  const raw = new DynamoDBClient(localClientConfig(ddb.endpoint, accessKeyId));
  const doc = documentClient(localClientConfig(ddb.endpoint, accessKeyId));
  const sqs = new SQSClient({ ...localClientConfig(sqsEndpoint), useQueueUrlAsEndpoint: false });
  const streams = new DynamoDBStreamsClient(localClientConfig(ddb.endpoint, accessKeyId));
  cleanups.push(() => {
    raw.destroy();
    doc.destroy();
    sqs.destroy();
    streams.destroy();
  });

  const { streamArn, created } = await ensureTable(raw, localTableName);
  start.info(`start: table ${localTableName} ${created ? 'created' : 'found'}`);
  // Keeping nothing on a DynamoDB Local that outlives the stack: its table goes as it stops, after
  // the pipe and the sweep (cleanups run in reverse), so that DynamoDB Local does not hold it on.
  if (given && !persistent)
    cleanups.push(async () => {
      await raw.send(new DeleteTableCommand({ TableName: localTableName }));
    });
  const queueUrls = await ensureQueues(sqs);
  start.info(`start: queues ${Object.keys(queueUrls).join(', ')} ready`);
  const store = createStore(doc, localTableName, localCardCipher(Buffer.from(start.cardKey, 'hex')));

  // DynamoDB Local keeps expired items: a sweep deletes them as TTL does in AWS, counts and all.
  // Stops before DynamoDB Local.
  const sweeper = startExpirySweeper(() => sweepExpiredItems(doc, localTableName, streamArn, start.now()));
  cleanups.push(() => sweeper.stop());
  let pipe: StreamPipe | undefined;

  return {
    name: 'dynamodb',
    store,
    sources: {
      events: sqsQueueSource(sqs, queueUrls.events),
      webhooks: sqsQueueSource(sqs, queueUrls.webhooks),
    },
    queueUrls,
    ddbEndpoint: ddb.endpoint,
    ddbAccessKeyId: accessKeyId,
    sqsEndpoint,
    tableName: localTableName,
    functionEnvironment: {
      WATTLE_TABLE_NAME: localTableName,
      // DynamoDB Local answers in seconds under load what AWS answers in milliseconds: a connection
      // and an attempt are given up to the invocation's deadline, not AWS's 1 s and 5 s (aws-clients.ts).
      WATTLE_AWS_CONNECTION_TIMEOUT_MS: '25000',
      WATTLE_AWS_REQUEST_TIMEOUT_MS: '25000',
      // The functions reach the stack's own database: its access key (the secret one is not checked).
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: ddb.endpoint,
      AWS_ENDPOINT_URL_DYNAMODB_STREAMS: ddb.endpoint,
      AWS_ENDPOINT_URL_SQS: sqsEndpoint,
    },
    holdEvents: (held) => {
      if (!pipe) throw new Error('The event pipe has not started');
      pipe.hold(held);
    },
    wakeEventPipe: () => pipe?.nudge(),
    startEventPipe: async () => {
      // Data kept from an earlier release is migrated before anything reads it (the scheduler's due
      // partitions, card owner records…); a table made just now is only stamped with the version.
      const migrated = await runMigrations(store.ctx, migrations);
      start.info(`start: table at data version ${migrated.version}`);
      pipe = await startStreamPipe({
        streams,
        sqs,
        streamArn,
        queueUrl: queueUrls.events,
        positionFile: persistent ? join(dataDir, 'stream-position.json') : undefined,
        newTable: created,
      });
      const started = pipe;
      cleanups.push(() => started.stop());
      start.info('start: stream pipe from the table stream to the events queue running');
    },
    sweep: () => sweeper.poke(),
    migrations: {
      status: () => tableStatus(store.ctx, migrations),
      run: () => runMigrations(store.ctx, migrations),
    },
    empty: async () => {
      const deleted = await emptyTable(doc, localTableName);
      await purgeQueues(sqs, Object.values(queueUrls));
      return deleted;
    },
    exited: ddb.exited.then(() => undefined),
  };
};
