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
 */
import { randomBytes } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addInterval, type Clock, defaultRetention, type Scope, startSubscription } from '@wattle/domain';
import { createPlan } from '@wattle/flows';
import { startDynamoDbLocal } from '@wattle/local';
import { simulatedProcessor } from '@wattle/processor';
import { composeDeps, defaultFanOutGraceSeconds, type RuntimeDeps, randomIds } from '@wattle/runtime';
import { createStore, createTableInput, localCardCipher } from '@wattle/store';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { counter, merchantWideShards, readCount } from '../../packages/store/src/kernel/counters.ts';
import { lists } from '../../packages/store/src/kernel/keys.ts';
import { monthlyPlan, storedCustomer } from '../helpers/billing.ts';
import { dynamoDbWriteUnits } from './billing-write-units.ts';

interface Capacity {
  read: number;
  write: number;
  requests: Record<string, number>;
}

type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/**
 * A client that asks DynamoDB for the capacity of every request and adds it up, and shows every
 * write to `units` (write units by DynamoDB's rules).
 */
const countingClient = (
  endpoint: string,
  capacity: Capacity,
  units: ReturnType<typeof dynamoDbWriteUnits>,
) => {
  const raw = new DynamoDBClient({
    endpoint,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  raw.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const name = context.commandName ?? 'unknown';
      const result = await next(args);
      units.observe(name, args.input as Record<string, unknown>);
      capacity.requests[name] = (capacity.requests[name] ?? 0) + 1;
      const output = result.output as { ConsumedCapacity?: Consumed | Consumed[] };
      const consumed = [output.ConsumedCapacity ?? []].flat();
      const writes = /Put|Update|Delete|TransactWrite|BatchWrite/.test(name);
      for (const c of consumed) {
        const total = c.CapacityUnits ?? 0;
        capacity.read += c.ReadCapacityUnits ?? (writes ? 0 : total);
        capacity.write += c.WriteCapacityUnits ?? (writes ? total : 0);
      }
      return result;
    },
    { step: 'initialize', name: 'countCapacity' },
  );
  return { raw, doc: DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } }) };
};

const inParallel = async (count: number, concurrency: number, work: (i: number) => Promise<void>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
};

const bench = async (endpoint: string, size: number, concurrency: number) => {
  const capacity: Capacity = { read: 0, write: 0, requests: {} };
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
    logger: new Logger({ logLevel: 'SILENT' }),
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
      {
        before: null,
        after: subscription,
        bill: null,
        credit: null,
        events: [],
        renewalJob: 'sync',
        recovery: 'keep',
        planMustBeLive: false,
      },
      now,
    );
  });
  const seededIn = (Date.now() - seeding) / 1000;

  now = new Date(addInterval(now, 1, 'month').getTime() + 60_000);
  capacity.read = 0;
  capacity.write = 0;
  capacity.requests = {};
  units.start();
  const started = Date.now();
  const summary = await runDueJobs(deps, now, jobHandlers, { budgetMs: 24 * 3600_000, concurrency });
  const seconds = (Date.now() - started) / 1000;
  units.stop();
  const requests = { ...capacity.requests };
  const unitsByType = await units.total(raw, tableName);
  const dynamoDbUnits = Object.values(unitsByType).reduce((sum, n) => sum + n, 0);
  const charged = await readCount(doc, tableName, counter(lists.charges(scope), merchantWideShards));
  if (summary.failed > 0 || charged !== size) {
    throw new Error(`Billing went wrong: ${JSON.stringify(summary)}, ${charged} charges for ${size}`);
  }
  await raw.send(new DeleteTableCommand({ TableName: tableName }));
  raw.destroy();
  return {
    subscriptions: size,
    seededInSeconds: Number(seededIn.toFixed(1)),
    billedInSeconds: Number(seconds.toFixed(1)),
    subscriptionsPerSecond: Number((size / seconds).toFixed(0)),
    readUnitsPerSubscription: Number((capacity.read / size).toFixed(2)),
    writeUnitsPerSubscription: Number((capacity.write / size).toFixed(2)),
    writeUnitsPerSubscriptionByDynamoDbRules: Number((dynamoDbUnits / size).toFixed(2)),
    byDynamoDbRulesPerWrite: Object.fromEntries(
      Object.entries(unitsByType).map(([type, n]) => [type, Number((n / size).toFixed(2))]),
    ),
    requestsPerSubscription: Object.fromEntries(
      Object.entries(requests).map(([name, n]) => [name, Number((n / size).toFixed(2))]),
    ),
  };
};

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const ddb = await startDynamoDbLocal();
try {
  for (const size of sizes.length > 0 ? sizes : [10_000, 100_000]) {
    console.log(JSON.stringify({ concurrency, ...(await bench(ddb.endpoint, size, concurrency)) }));
  }
} finally {
  await ddb.stop();
}
