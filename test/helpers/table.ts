import { randomBytes, randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  composeDeps,
  defaultFanOutGraceSeconds,
  type RuntimeDeps,
  randomIds,
  runtimeClock,
  silentLogger,
  simulatedProcessorOf,
} from '@wattle/runtime';
import {
  createStore,
  createTableInput,
  documentClient,
  localCardCipher,
  type Store,
  ttlAttribute,
} from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';

export interface TestTable {
  tableName: string;
  /** The service's own client on the table (the store's). */
  doc: DocumentClient;
  raw: DynamoDBClient;
  /** The real store over this table, with a random card key. */
  store: Store;
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Refuses anything but a loopback endpoint: these tests create and delete tables. */
export const assertLocalEndpoint = (endpoint: string): void => {
  const { hostname } = new URL(endpoint);
  if (!localHosts.has(hostname))
    throw new Error(`Refusing to run table tests against ${endpoint}: not local`);
};

/**
 * A fresh table for this test file on the run's DynamoDB Local (from the same definition as the
 * real one), deleted after the file. Call at the top level of an integration test file.
 *
 * Without its stream unless the test reads it (`{ stream: true }`): DynamoDB Local keeps every
 * table's stream records in one store that it scans from the oldest record on each write of a
 * streamed table, so each streamed table made the writes of every later one slower (up to tens of
 * milliseconds an item once a run had written a few thousand items).
 */
export function useTable({ stream = false }: { stream?: boolean } = {}): TestTable {
  const endpoint = inject('ddbEndpoint');
  assertLocalEndpoint(endpoint);
  const options = {
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const raw = new DynamoDBClient(options);
  const doc = documentClient(options);
  const tableName = `t_${randomUUID().slice(0, 8)}`;
  const table: TestTable = {
    tableName,
    doc,
    raw,
    store: createStore(doc, tableName, localCardCipher(randomBytes(32))),
  };
  beforeAll(async () => {
    const { StreamSpecification, ...definition } = createTableInput(tableName);
    await raw.send(new CreateTableCommand(stream ? { ...definition, StreamSpecification } : definition));
    await raw.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      }),
    );
  });
  afterAll(async () => {
    await raw.send(new DeleteTableCommand({ TableName: tableName }));
    raw.destroy();
    doc.destroy();
  });
  return table;
}

/**
 * A function's dependencies over a test table: the real store, clock, ids and processor (the
 * simulator, or `processorOf`), no logs.
 */
/** Puts `items` into the table as they are: data a release before left (a fixture). */
export const loadItems = async (
  table: TestTable,
  items: readonly Record<string, unknown>[],
): Promise<void> => {
  for (const item of items) await table.doc.send(new PutCommand({ TableName: table.tableName, Item: item }));
};

/** The table's items that `keep` keeps, by key (a consistent Scan of every page). */
export const scanTable = async (
  table: TestTable,
  keep: (item: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>[]> => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await table.doc.send(
      new ScanCommand({ TableName: table.tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []).filter(keep));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort((a, b) => `${a.pk}${a.sk}`.localeCompare(`${b.pk}${b.sk}`));
};

export const testDeps = (
  table: TestTable,
  processorOf: RuntimeDeps['processorOf'] = simulatedProcessorOf(),
): RuntimeDeps =>
  composeDeps({
    config: {
      tableName: table.tableName,
      cardKeyHex: undefined,
      cardKmsKeyId: undefined,
      logLevel: 'SILENT',
      logFormat: 'json',
      fanOutGraceSeconds: defaultFanOutGraceSeconds,
      retention: table.store.ctx.retention,
    },
    store: table.store,
    clock: runtimeClock,
    ids: randomIds,
    logger: silentLogger(),
    processorOf,
  });
