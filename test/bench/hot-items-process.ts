/**
 * The hot-items scenario's own process: an in-memory local stack, one merchant with a webhook
 * endpoint, a burst of create charges (captured) with every write the stack makes meanwhile
 * counted (the requests', the event fan-out's, the webhooks' and their deliveries'), then the
 * load per partition sent to the parent (hot-items.ts) over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { startLocalStack } from '@wattle/local';
import { createTableInput } from '@wattle/store';
import { startReceiver } from '../helpers/receiver.ts';
import { api, newMerchant } from '../helpers/stack.ts';
import { operations } from './api-operations.ts';
import { installRecorder, watchEveryWrite } from './ddb-recorder.ts';
import { runLoad } from './load.ts';
import { WriteCensus } from './write-census.ts';

export interface HotItemsSettings {
  concurrency: number;
  durationMs: number;
}

export interface HotItemsRun {
  scope: string;
  charges: number;
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
const endpoint = await client.post('/1/webhook_endpoints', { url: receiver.url('/hot') });
if (endpoint.status !== 201) throw new Error(`Webhook endpoint: ${endpoint.status} ${endpoint.text}`);
const ops = operations({ api: client, charges: [], authorised: [] });
await runLoad({
  concurrency: 4,
  durationMs: 60_000,
  maxCount: 20,
  work: (i) => ops['create charge'].send(i),
});
// The warm-up's webhooks delivered first, so the census holds only the burst's writes.
await receiver.waitFor(20);

const census = new WriteCensus(createTableInput('census').GlobalSecondaryIndexes ?? []);
const before = receiver.requests.length;
watchEveryWrite((command, input) => census.record(command, input));
const load = await runLoad({
  concurrency: settings.concurrency,
  durationMs: settings.durationMs,
  work: (i) => ops['create charge'].send(i),
});
// The background finishes each charge's event: fan-out, webhook, delivery (every one answered 200).
const deadline = Date.now() + 60_000;
while (receiver.requests.length - before < load.requests && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 200));
await new Promise((resolve) => setTimeout(resolve, 500));
watchEveryWrite(null);

const raw = new DynamoDBClient({
  endpoint: stack.ddbEndpoint,
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const loads = await census.loads(async (key) => {
  const found = await raw.send(
    new GetItemCommand({ TableName: stack.tableName, Key: key as never, ConsistentRead: true }),
  );
  return found.Item as never;
});
const run: HotItemsRun = {
  scope: `${merchant.accountId}#test`,
  charges: load.requests,
  errors: load.errors,
  firstError: load.firstError,
  seconds: load.seconds,
  webhooksDelivered: receiver.requests.length - before,
  loads,
};
process.send?.(run, () => {
  void Promise.all([stack.stop(), receiver.close()]).finally(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
