/**
 * The hot-items scenario's own process: an in-memory local stack, one merchant with five webhook
 * endpoints, and two bursts: create charges (captured), then subscription starts on one plan.
 * During each, every write the stack makes (the requests', the event fan-out's, the webhooks'
 * and their deliveries') is counted; the load per partition goes to the parent (hot-items.ts)
 * over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { localClientConfig, startLocalStack } from '@wattle/local';
import { createTableInput } from '@wattle/store';
import { cardFields } from '../helpers/fixtures.ts';
import { startReceiver } from '../helpers/receiver.ts';
import { type Api, api, newMerchant } from '../helpers/stack.ts';
import { operations } from './api-operations.ts';
import { benchApi } from './bench-api.ts';
import { installRecorder, watchEveryWrite } from './ddb-recorder.ts';
import { runLoad } from './load.ts';
import { WriteCensus } from './write-census.ts';

export interface HotItemsSettings {
  concurrency: number;
  durationMs: number;
}

/** One burst: what it did and the write load per partition. */
export interface HotItemsRun {
  /** What one request of the burst does: `charge`, `subscription start`. */
  unit: string;
  scope: string;
  requests: number;
  errors: number;
  firstError: string | null;
  seconds: number;
  webhooksDelivered: number;
  loads: Awaited<ReturnType<WriteCensus['loads']>>;
}

process.env.WATTLE_LOG_LEVEL = 'SILENT';
installRecorder();
const settings = JSON.parse(process.argv[2] ?? '{}') as HotItemsSettings;
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-hot-'));
const stack = await startLocalStack({ port: 0, dataDir, inMemory: true, quiet: true, scheduleIntervalMs: 0 });
const receiver = await startReceiver(200);
const merchant = await newMerchant({ port: stack.port }, 'Hot');
const client = api(merchant.test.baseUrl, merchant.test.secretKey);
const raw = new DynamoDBClient(localClientConfig(stack.ddbEndpoint, stack.ddbAccessKeyId));

const created = async (client: Api, path: string, body: Record<string, unknown>): Promise<string> => {
  const res = await client.post(path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.response.token as string;
};

/** Waits until no webhook has arrived for a second (the background has caught up), at most a minute. */
const settled = async () => {
  const deadline = Date.now() + 60_000;
  let seen = -1;
  while (seen !== receiver.requests.length && Date.now() < deadline) {
    seen = receiver.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

/** Runs `work` as a burst with every write counted. */
const burst = async (
  unit: string,
  work: (i: number) => Promise<void>,
  maxCount?: number,
): Promise<HotItemsRun> => {
  await settled();
  const census = new WriteCensus(createTableInput('census').GlobalSecondaryIndexes ?? []);
  const before = receiver.requests.length;
  watchEveryWrite((command, input) => census.record(command, input));
  const load = await runLoad({
    concurrency: settings.concurrency,
    durationMs: settings.durationMs,
    maxCount,
    work,
  });
  await settled();
  watchEveryWrite(null);
  const loads = await census.loads(async (key) => {
    const found = await raw.send(
      new GetItemCommand({ TableName: stack.tableName, Key: key as never, ConsistentRead: true }),
    );
    return found.Item as never;
  });
  return {
    unit,
    scope: `${merchant.accountId}#test`,
    requests: load.requests,
    errors: load.errors,
    firstError: load.firstError,
    seconds: load.seconds,
    webhooksDelivered: receiver.requests.length - before,
    loads,
  };
};

// Five endpoints (Pin's most): every event makes a webhook for each.
for (let n = 1; n <= 5; n++)
  await created(client, '/1/webhook_endpoints', { url: receiver.url(`/hot/${n}`) });
const ops = operations({
  api: benchApi(merchant.test.baseUrl, merchant.test.secretKey),
  secretKey: merchant.test.secretKey,
  charges: [],
  authorised: [],
});
await runLoad({
  concurrency: 4,
  durationMs: 60_000,
  maxCount: 20,
  work: (i) => ops['create charge'].send(i),
});
const charges = await burst('charge', (i) => ops['create charge'].send(i));

// Subscription starts on one plan, each by a customer of its own (made beforehand, not counted).
const plan = await created(client, '/1/plans', {
  name: 'Hot plan',
  amount: 1000,
  interval: 1,
  interval_unit: 'month',
});
const customers: string[] = [];
const expected = Math.ceil((charges.requests / charges.seconds) * (settings.durationMs / 1000) * 1.5) + 20;
await runLoad({
  concurrency: settings.concurrency,
  durationMs: 600_000,
  maxCount: expected,
  work: async () => {
    customers.push(
      await created(client, '/1/customers', {
        email: 'hot@example.com',
        card: cardFields({ number: '4200000000000000' }),
      }),
    );
  },
});
const starts = await burst(
  'subscription start',
  async (i) => {
    await created(client, '/1/subscriptions', { plan_token: plan, customer_token: customers[i] });
  },
  customers.length,
);

process.send?.([charges, starts], () => {
  void Promise.all([stack.stop(), receiver.close()]).finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
