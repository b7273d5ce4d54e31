import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { localClientConfig, startDynamoDbLocal } from '@wattle/local';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../packages/local/src/provision.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { settle } from '../helpers/receiver.ts';
import { fakeQueue, forwarded, pipeOn, writeEvents } from '../helpers/stream-pipe.ts';

// DynamoDB Local of its own, stopped and started again on its data (two JVM starts): in
// `npm run test:reliability` with what else the DynamoDB engine keeps on disk (local-kept-data).

const dir = mkdtempSync(join(tmpdir(), 'wattle-pipe-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('DynamoDB Local restarted on the same data', () => {
  it('keeps its stream and shard ids, so the pipe resumes where it was', {
    timeout: hangNet(120_000),
  }, async () => {
    const dbPath = join(dir, 'dynamodb');
    const positionFile = join(dir, 'restart.json');
    const queue = fakeQueue();
    const run = async (
      body: (
        raw: DynamoDBClient,
        client: DynamoDBStreamsClient,
        arn: string,
        created: boolean,
      ) => Promise<void>,
    ) => {
      const ddb = await startDynamoDbLocal({ dbPath });
      const raw = new DynamoDBClient(localClientConfig(ddb.endpoint));
      const client = new DynamoDBStreamsClient(localClientConfig(ddb.endpoint));
      try {
        const { streamArn: arn, created } = await ensureTable(raw, 'wattle');
        await body(raw, client, arn, created);
      } finally {
        raw.destroy();
        client.destroy();
        await ddb.stop();
      }
    };
    const seen: { arn: string; shards: string[] }[] = [];
    const shardsOf = async (client: DynamoDBStreamsClient, arn: string) =>
      (
        (await client.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription?.Shards ?? []
      ).map((s) => s.ShardId!);
    let first: string[] = [];
    await run(async (raw, client, arn, created) => {
      expect(created).toBe(true);
      const pipe = await pipeOn(queue, { positionFile, newTable: created, arn, client });
      first = await writeEvents(raw, 'wattle', 3);
      await forwarded(queue, first);
      await pipe.stop();
      seen.push({ arn, shards: await shardsOf(client, arn) });
    });
    let second: string[] = [];
    await run(async (raw, client, arn, created) => {
      expect(created).toBe(false);
      seen.push({ arn, shards: await shardsOf(client, arn) });
      second = await writeEvents(raw, 'wattle', 2);
      const pipe = await pipeOn(queue, { positionFile, newTable: created, arn, client });
      await forwarded(queue, second);
      await settle(300);
      await pipe.stop();
    });
    expect(seen[1]!.arn).toBe(seen[0]!.arn);
    expect(seen[1]!.shards).toEqual(expect.arrayContaining(seen[0]!.shards));
    expect(queue.sent).toEqual([...first, ...second]);
  });
});
