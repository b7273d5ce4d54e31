/**
 * Benchmark (not part of `npm test`): bills N due subscriptions on DynamoDB Local with the
 * scheduler's own code (runDueJobs and the renewal job), and reports subscriptions per second and
 * DynamoDB capacity units per subscription.
 *
 *   npm run bench:billing                 # 10,000 and 100,000
 *   npm run bench:billing -- 2000         # any sizes
 *   BENCH_CONCURRENCY=64 npm run bench:billing
 *
 * Seeding writes customers and subscriptions through the store (a month ago, their first bill
 * skipped); only the billing run is measured. Capacity is what DynamoDB Local reports with
 * ReturnConsumedCapacity=TOTAL, which does NOT follow DynamoDB's rules for transactions (2 × the
 * sum of the distinct per-item unit values, index entries not counted); the write units by
 * DynamoDB's rules are computed beside it from the items written (billing-write-units.ts).
 * `byRequestPerSubscription` breaks the run down by kind of request (each transaction by its
 * writes), and `cpuMsPerSubscription` splits its CPU between this process and DynamoDB Local's JVM:
 * the JVM works through requests about one at a time, so its CPU per renewal bounds the rate.
 */
import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  addInterval,
  type Clock,
  defaultRetention,
  type Scope,
  startSubscription,
  updateOf,
} from '@wattle/domain';
import { createPlan } from '@wattle/flows';
import { startDynamoDbLocal } from '@wattle/local';
import type { LoadedSubscription } from '@wattle/ports';
import { simulatedProcessor } from '@wattle/processor';
import {
  composeDeps,
  defaultFanOutGraceSeconds,
  type RuntimeDeps,
  randomIds,
  silentLogger,
} from '@wattle/runtime';
import { createStore, createTableInput, documentClient, localCardCipher } from '@wattle/store';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { counter, merchantWideShards, readCount } from '../../packages/store/src/kernel/counters.ts';
import { lists } from '../../packages/store/src/kernel/keys.ts';
import { monthlyPlan, storedCustomer } from '../helpers/billing.ts';
import { isWrite, itemWrites, observeCalls } from '../helpers/dynamodb-calls.ts';
import { dynamoDbWriteUnits } from './billing-write-units.ts';
import { cpuMsOf, descendantsNamed, ownCpuMs } from './cpu.ts';

interface Capacity {
  read: number;
  write: number;
  requests: Record<string, number>;
  /** Requests and units by kind of request (describeRequest), for the breakdown. */
  byRequest: Record<string, { requests: number; read: number; write: number }>;
}

type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/** A key attribute's text (DynamoDB's JSON: `{ S: '…' }`). */
const text = (value: unknown): string => String((value as { S?: string } | undefined)?.S ?? '?');

/** A partition or sort key with its tokens, times and shard numbers left out: the kind of item. */
const shapeOf = (key: string): string =>
  key
    .split('#')
    .filter((part) => /^[A-Z_-]+$|^[a-z-]+$/.test(part) && !/^(test|live)$/.test(part))
    .join('#');

/** An item's kind by its key: `/PAYMENT`, `COUNTER#charges/`. */
const kindOf = (key: Record<string, unknown>): string => `${shapeOf(text(key.pk))}/${shapeOf(text(key.sk))}`;

/**
 * What a request is, for the breakdown: a transaction by its writes, a Get by the item it reads, a
 * Query by the partition (or index partition) it reads.
 */
const describeRequest = (operation: string, input: Record<string, unknown>): string => {
  if (operation === 'TransactWriteItems') {
    const writes = itemWrites(operation, input);
    return `${operation} (${writes.length}): ${writes.map((w) => `${w.action} ${kindOf(w.key)}`).join(', ')}`;
  }
  if (operation === 'GetItem') return `${operation} ${kindOf(input.Key as Record<string, unknown>)}`;
  if (operation === 'PutItem' || operation === 'UpdateItem' || operation === 'DeleteItem')
    return `${operation} ${kindOf(itemWrites(operation, input)[0]!.key)}`;
  if (operation === 'Query') {
    const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
    return `${operation} ${String(input.IndexName ?? 'table')} ${shapeOf(text(values[':pk']))}`;
  }
  return operation;
};

/**
 * A client that asks DynamoDB for the capacity of every request and adds it up, and shows every
 * write to `units` (write units by DynamoDB's rules).
 */
const countingClient = (
  endpoint: string,
  capacity: Capacity,
  units: ReturnType<typeof dynamoDbWriteUnits>,
) => {
  const options = {
    endpoint,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const raw = new DynamoDBClient(options);
  // The service's client, each call counted as it goes to DynamoDB (attribute values marshalled).
  const doc = documentClient(options);
  observeCalls(doc, async ({ operation, input }, send) => {
    const sent = { ...input, ReturnConsumedCapacity: 'TOTAL' };
    const output = await send(sent);
    units.observe(operation, sent);
    // Named as the SDK's commands, as the bench's output always had them.
    const name = `${operation}Command`;
    capacity.requests[name] = (capacity.requests[name] ?? 0) + 1;
    const kind = describeRequest(operation, sent);
    const row = capacity.byRequest[kind] ?? { requests: 0, read: 0, write: 0 };
    capacity.byRequest[kind] = row;
    row.requests++;
    const consumed = [(output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity ?? []].flat();
    const writes = isWrite(operation);
    for (const c of consumed) {
      const total = c.CapacityUnits ?? 0;
      const read = c.ReadCapacityUnits ?? (writes ? 0 : total);
      const write = c.WriteCapacityUnits ?? (writes ? total : 0);
      capacity.read += read;
      capacity.write += write;
      row.read += read;
      row.write += write;
    }
    return output;
  });
  return { raw, doc };
};

const inParallel = async (count: number, concurrency: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
};

const round = (n: number): number => Number(n.toFixed(2));

const bench = async (endpoint: string, size: number, concurrency: number, java: number[]) => {
  const capacity: Capacity = { read: 0, write: 0, requests: {}, byRequest: {} };
  const units = dynamoDbWriteUnits();
  const { raw, doc } = countingClient(endpoint, capacity, units);
  const tableName = `bench_${size}_${randomIds.token('req').slice(4, 12)}`;
  await raw.send(new CreateTableCommand(createTableInput(tableName)));
  let now = new Date('2027-01-31T10:00:00Z');
  const clock: Clock = { now: () => now };
  const deps: RuntimeDeps = composeDeps({
    config: {
      tableName,
      cardKeyHex: undefined,
      cardKmsKeyId: undefined,
      logLevel: 'SILENT',
      logFormat: 'json',
      fanOutGraceSeconds: defaultFanOutGraceSeconds,
      retention: defaultRetention,
    },
    store: createStore(doc, tableName, localCardCipher(randomBytes(32))),
    clock,
    ids: randomIds,
    logger: silentLogger(),
    processor: simulatedProcessor(),
  });
  const scope: Scope = { accountId: 'acct_bench', environment: 'test' };
  const plans = await Promise.all(
    Array.from({ length: Math.ceil(size / 1000) }, (_, i) =>
      createPlan(deps, scope, monthlyPlan({ name: `Bench ${i}` })),
    ),
  );

  const seeding = Date.now();
  await inParallel(size, concurrency, async (i) => {
    const { customerToken, cardToken } = await storedCustomer(deps.store, scope, now);
    const { subscription } = startSubscription({
      token: randomIds.token('sub'),
      plan: plans[i % plans.length]!.plan,
      customerToken,
      cardToken,
      includeSetupFee: false,
      now,
    });
    await deps.store.subscriptions.commit(
      scope,
      updateOf<LoadedSubscription>({ before: null, after: subscription, events: [] }),
      now,
    );
  });
  const seededIn = (Date.now() - seeding) / 1000;

  now = new Date(addInterval(now, 1, 'month').getTime() + 60_000);
  capacity.read = 0;
  capacity.write = 0;
  capacity.requests = {};
  capacity.byRequest = {};
  units.start();
  const cpuBefore = { node: ownCpuMs(), java: cpuMsOf(java) };
  const started = Date.now();
  const summary = await runDueJobs(deps, now, jobHandlers, { budgetMs: 24 * 3600_000, concurrency });
  const seconds = (Date.now() - started) / 1000;
  const cpu = { node: ownCpuMs() - cpuBefore.node, java: cpuMsOf(java) - cpuBefore.java };
  units.stop();
  // What the run spent, before the bench's own reads below (reading back the items updated, the
  // charges count) add theirs: counted in, they made 3 of the 7.05 read units once reported.
  const requests = { ...capacity.requests };
  const spent = {
    read: capacity.read,
    write: capacity.write,
    byRequest: structuredClone(capacity.byRequest),
  };
  const unitsByType = await units.total(raw, tableName);
  const dynamoDbUnits = Object.values(unitsByType).reduce((sum, n) => sum + n, 0);
  const charged = await readCount(doc, tableName, counter(lists.charges(scope), merchantWideShards));
  if (summary.failed > 0 || charged !== size) {
    throw new Error(`Billing went wrong: ${JSON.stringify(summary)}, ${charged} charges for ${size}`);
  }
  await raw.send(new DeleteTableCommand({ TableName: tableName }));
  raw.destroy();
  doc.destroy();
  return {
    subscriptions: size,
    seededInSeconds: Number(seededIn.toFixed(1)),
    billedInSeconds: Number(seconds.toFixed(1)),
    subscriptionsPerSecond: Number((size / seconds).toFixed(0)),
    readUnitsPerSubscription: Number((spent.read / size).toFixed(2)),
    writeUnitsPerSubscription: Number((spent.write / size).toFixed(2)),
    writeUnitsPerSubscriptionByDynamoDbRules: Number((dynamoDbUnits / size).toFixed(2)),
    byDynamoDbRulesPerWrite: Object.fromEntries(
      Object.entries(unitsByType).map(([type, n]) => [type, Number((n / size).toFixed(2))]),
    ),
    requestsPerSubscription: Object.fromEntries(
      Object.entries(requests).map(([name, n]) => [name, Number((n / size).toFixed(2))]),
    ),
    // Per renewal, by kind of request: how many, and the units DynamoDB Local reported for them.
    byRequestPerSubscription: Object.fromEntries(
      Object.entries(spent.byRequest)
        .sort(([, a], [, b]) => b.write - a.write || b.read - a.read)
        .map(([kind, r]) => [
          kind,
          { requests: round(r.requests / size), read: round(r.read / size), write: round(r.write / size) },
        ]),
    ),
    // CPU per renewal, ms: this process (the scheduler's code and the SDK) and DynamoDB Local's JVM.
    cpuMsPerSubscription: { node: round(cpu.node / size), dynamoDbLocal: round(cpu.java / size) },
    // Of the run's wall time, the share each kept one core busy (2 cores: 2.0 is both, full).
    coresBusy: { node: round(cpu.node / 1000 / seconds), dynamoDbLocal: round(cpu.java / 1000 / seconds) },
  };
};

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
// A DynamoDB Local of its own for each size: Local keeps every table's stream records in one store
// and scans it from the oldest record on each write of a streamed table, so a second table in the
// same JVM ran ten times slower (2 renewals a second instead of 28, measured) after the first.
for (const size of sizes.length > 0 ? sizes : [10_000, 100_000]) {
  const ddb = await startDynamoDbLocal();
  try {
    console.log(
      JSON.stringify({
        concurrency,
        ...(await bench(ddb.endpoint, size, concurrency, descendantsNamed(process.pid, 'java'))),
      }),
    );
  } finally {
    await ddb.stop();
  }
}
