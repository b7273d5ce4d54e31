/**
 * The items each write operation writes, without the whole bench: one recorded request per
 * operation on a fresh in-memory local stack, with its write units as DynamoDB Local reports them
 * and by DynamoDB's rules, and every item written (size, indexes, units).
 *
 *   npx tsx test/bench/probe-items.ts                       # create charge, authorise, capture
 *   npx tsx test/bench/probe-items.ts 'create customer'
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localClientConfig, startLocalStack } from '@wattle/local';
import { authorise, merchantOn, type OperationName, operations } from './api-operations.ts';
import { installRecorder, recordHeader, takeRecording } from './ddb-recorder.ts';
import { costOf } from './round-trips.ts';
import { readBack, unitsByRules } from './rules-units.ts';

process.env.WATTLE_LOG_LEVEL = 'SILENT';
installRecorder();
const stack = await startLocalStack({
  port: 0,
  dataDir: mkdtempSync(join(tmpdir(), 'wattle-probe-')),
  inMemory: true,
  quiet: true,
  scheduleIntervalMs: 0,
});
const client = new DynamoDBClient(localClientConfig(stack.ddbEndpoint, stack.ddbAccessKeyId));
try {
  const merchant = await merchantOn(stack.port);
  await authorise(merchant, 4, 1);
  const ops = operations(merchant);
  const names = (process.argv[2] ?? 'create charge,authorise,capture').split(',') as OperationName[];
  for (const name of names) {
    // Warm the path first (the key cache), as the bench does.
    await ops[name].send(0);
    await ops[name].send(1, { [recordHeader]: name });
    const recording = takeRecording(name);
    if (!recording) throw new Error(`No recording of ${name}`);
    const cost = costOf(
      recording,
      unitsByRules(recording, await readBack(client, stack.tableName, recording)),
    );
    console.log(
      `\n== ${name}: ${cost.commands}; write units as DynamoDB Local reports ${cost.writeUnits} (indexes ${cost.indexWriteUnits}), by DynamoDB's rules ${cost.byRules?.writeUnits} (indexes ${cost.byRules?.indexWriteUnits})`,
    );
    for (const call of recording.calls)
      console.log(`  ${call.command} Local: ${JSON.stringify(call.consumed)}`);
    for (const i of cost.byRules?.items ?? [])
      console.log(
        `    ${i.action.padEnd(7)}${i.item.padEnd(52)}${String(i.bytes).padStart(6)} B  ${String(i.units).padStart(2)} units ${i.indexes.join(',')}${i.note ? `  (${i.note})` : ''}`,
      );
  }
} finally {
  client.destroy();
  await stack.stop();
}
process.exit(0);
