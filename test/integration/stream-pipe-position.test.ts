import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { localClientConfig, startDynamoDbLocal } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../packages/local/src/provision.ts';
import { type StreamPipe, startStreamPipe } from '../../packages/local/src/stream-pipe.ts';
import { settle, waitUntil } from '../helpers/receiver.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable({ stream: true });
let streams: DynamoDBStreamsClient;
let streamArn: string;
let dir: string;

beforeAll(async () => {
  streams = new DynamoDBStreamsClient(localClientConfig(inject('ddbEndpoint')));
  const described = await table.raw.send(new DescribeTableCommand({ TableName: table.tableName }));
  streamArn = described.Table!.LatestStreamArn!;
  dir = mkdtempSync(join(tmpdir(), 'wattle-pipe-'));
});

afterAll(() => {
  streams.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** The events queue, in memory: the pk of every event item sent, in order; it can refuse batches. */
const fakeQueue = () => {
  const sent: string[] = [];
  const queue = {
    sent,
    refusing: false,
    client: {
      send: async (command: SendMessageBatchCommand) => {
        const entries = command.input.Entries ?? [];
        if (queue.refusing) return { Failed: entries.map((entry) => ({ Id: entry.Id })) };
        for (const entry of entries) sent.push(JSON.parse(entry.MessageBody!).dynamodb.Keys.pk.S);
        return { Successful: entries.map((entry) => ({ Id: entry.Id })) };
      },
    } as unknown as SQSClient,
  };
  return queue;
};

let n = 0;
/** An event item as the outbox writes it (only its keys matter to the pipe). */
const writeEvents = async (client: DynamoDBClient, tableName: string, count: number): Promise<string[]> => {
  const written: string[] = [];
  for (let i = 0; i < count; i++) {
    const pk = `S#evt_${++n}`;
    await client.send(
      new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, sk: { S: 'EVENT' } } }),
    );
    written.push(pk);
  }
  return written;
};

const forwarded = (queue: ReturnType<typeof fakeQueue>, pks: string[]) =>
  waitUntil(() => (pks.every((pk) => queue.sent.includes(pk)) ? true : undefined), 10_000, 'the records');

const pipeOn = (
  queue: ReturnType<typeof fakeQueue>,
  options: { positionFile?: string; newTable?: boolean; arn?: string; client?: DynamoDBStreamsClient },
): Promise<StreamPipe> =>
  startStreamPipe({
    streams: options.client ?? streams,
    sqs: queue.client,
    streamArn: options.arn ?? streamArn,
    queueUrl: 'http://queue.invalid/events',
    positionFile: options.positionFile,
    newTable: options.newTable,
    intervalMs: 50,
    onError: () => {},
  });

describe('the local stream pipe across restarts', () => {
  it('resumes after its saved position: what was written while it was down goes once, nothing twice', async () => {
    const positionFile = join(dir, 'resume.json');
    const queue = fakeQueue();
    // A new table: what its stream holds from before the pipe started goes too.
    const early = await writeEvents(table.raw, table.tableName, 2);
    let pipe = await pipeOn(queue, { positionFile, newTable: true });
    const first = await writeEvents(table.raw, table.tableName, 3);
    await forwarded(queue, [...early, ...first]);
    await pipe.stop();
    expect(statSync(positionFile).mode & 0o777).toBe(0o600);

    const whileDown = await writeEvents(table.raw, table.tableName, 2);
    const before = queue.sent.length;
    pipe = await pipeOn(queue, { positionFile });
    const after = await writeEvents(table.raw, table.tableName, 1);
    await forwarded(queue, [...whileDown, ...after]);
    await settle(300);
    await pipe.stop();
    expect(queue.sent.slice(before)).toEqual([...whileDown, ...after]);
    expect(new Set(queue.sent).size).toBe(queue.sent.length);
  });

  it('saves a position only once the queue took the batch: what it refused goes after a restart', async () => {
    const positionFile = join(dir, 'refused.json');
    const queue = fakeQueue();
    let pipe = await pipeOn(queue, { positionFile, newTable: true });
    await writeEvents(table.raw, table.tableName, 1);
    await waitUntil(() => (queue.sent.length > 0 ? true : undefined));
    await settle(200);
    const saved = readFileSync(positionFile, 'utf8');
    queue.refusing = true;
    const refused = await writeEvents(table.raw, table.tableName, 2);
    await settle(400);
    await pipe.stop();
    expect(readFileSync(positionFile, 'utf8')).toBe(saved);

    queue.refusing = false;
    const before = queue.sent.length;
    pipe = await pipeOn(queue, { positionFile });
    await forwarded(queue, refused);
    await settle(300);
    await pipe.stop();
    expect(queue.sent.slice(before)).toEqual(refused);
  });

  it('given no saved position for a table from before, forwards only what comes, then resumes', async () => {
    const positionFile = join(dir, 'upgrade.json');
    const queue = fakeQueue();
    let pipe = await pipeOn(queue, { positionFile, newTable: false });
    const fresh = await writeEvents(table.raw, table.tableName, 2);
    await forwarded(queue, fresh);
    await settle(300);
    await pipe.stop();
    expect(queue.sent).toEqual(fresh);

    const whileDown = await writeEvents(table.raw, table.tableName, 1);
    pipe = await pipeOn(queue, { positionFile });
    await forwarded(queue, whileDown);
    await settle(300);
    await pipe.stop();
    expect(queue.sent).toEqual([...fresh, ...whileDown]);
  });

  it("ignores a saved position of another stream (the table made again): this one's shards are read whole", async () => {
    const positionFile = join(dir, 'other-stream.json');
    const shards = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn })))
      .StreamDescription!.Shards!;
    const other = {
      streamArn: `${streamArn}-before`,
      shards: Object.fromEntries(shards.map((s) => [s.ShardId, { done: true }])),
    };
    writeFileSync(positionFile, JSON.stringify(other));
    const queue = fakeQueue();
    const pipe = await pipeOn(queue, { positionFile });
    const written = await writeEvents(table.raw, table.tableName, 1);
    await forwarded(queue, written);
    await pipe.stop();
    // Everything the stream holds, from the beginning of its shards.
    expect(queue.sent.length).toBeGreaterThan(written.length);
    expect(JSON.parse(readFileSync(positionFile, 'utf8')).streamArn).toBe(streamArn);
  });
});

describe('DynamoDB Local restarted on the same data', () => {
  it('keeps its stream and shard ids, so the pipe resumes where it was', { timeout: 120_000 }, async () => {
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
