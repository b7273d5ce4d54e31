import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { localClientConfig } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle, waitUntil } from '../helpers/receiver.ts';
import { fakeQueue, forwarded, pipeOn, writeEvents } from '../helpers/stream-pipe.ts';
import { useTable } from '../helpers/table.ts';

const table = useTable({ stream: true });
let streams: DynamoDBStreamsClient;
let streamArn: string;
let dir: string;
/** The table's stream, as the pipe reads it. */
let stream: { arn: string; client: DynamoDBStreamsClient };

beforeAll(async () => {
  streams = new DynamoDBStreamsClient(localClientConfig(inject('ddbEndpoint')));
  const described = await table.raw.send(new DescribeTableCommand({ TableName: table.tableName }));
  streamArn = described.Table!.LatestStreamArn!;
  stream = { arn: streamArn, client: streams };
  dir = mkdtempSync(join(tmpdir(), 'wattle-pipe-'));
});

afterAll(() => {
  streams.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local stream pipe across restarts', () => {
  it('resumes after its saved position: what was written while it was down goes once, nothing twice', async () => {
    const positionFile = join(dir, 'resume.json');
    const queue = fakeQueue();
    // A new table: what its stream holds from before the pipe started goes too.
    const early = await writeEvents(table.raw, table.tableName, 2);
    let pipe = await pipeOn(queue, { positionFile, newTable: true, ...stream });
    const first = await writeEvents(table.raw, table.tableName, 3);
    await forwarded(queue, [...early, ...first]);
    await pipe.stop();
    expect(statSync(positionFile).mode & 0o777).toBe(0o600);

    const whileDown = await writeEvents(table.raw, table.tableName, 2);
    const before = queue.sent.length;
    pipe = await pipeOn(queue, { positionFile, ...stream });
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
    let pipe = await pipeOn(queue, { positionFile, newTable: true, ...stream });
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
    pipe = await pipeOn(queue, { positionFile, ...stream });
    await forwarded(queue, refused);
    await settle(300);
    await pipe.stop();
    expect(queue.sent.slice(before)).toEqual(refused);
  });

  it('given no saved position for a table from before, forwards only what comes, then resumes', async () => {
    const positionFile = join(dir, 'upgrade.json');
    const queue = fakeQueue();
    let pipe = await pipeOn(queue, { positionFile, newTable: false, ...stream });
    const fresh = await writeEvents(table.raw, table.tableName, 2);
    await forwarded(queue, fresh);
    await settle(300);
    await pipe.stop();
    expect(queue.sent).toEqual(fresh);

    const whileDown = await writeEvents(table.raw, table.tableName, 1);
    pipe = await pipeOn(queue, { positionFile, ...stream });
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
    const pipe = await pipeOn(queue, { positionFile, ...stream });
    const written = await writeEvents(table.raw, table.tableName, 1);
    await forwarded(queue, written);
    await pipe.stop();
    // Everything the stream holds, from the beginning of its shards.
    expect(queue.sent.length).toBeGreaterThan(written.length);
    expect(JSON.parse(readFileSync(positionFile, 'utf8')).streamArn).toBe(streamArn);
  });

  it('held, forwards nothing; released, forwards what was written meanwhile, once', async () => {
    const queue = fakeQueue();
    const pipe = await pipeOn(queue, { ...stream });
    try {
      pipe.hold(true);
      const whileHeld = await writeEvents(table.raw, table.tableName, 3);
      // Ten of the pipe's 50 ms passes: none reads the stream.
      await settle(500);
      expect(queue.sent.filter((pk) => whileHeld.includes(pk))).toEqual([]);
      pipe.hold(false);
      await forwarded(queue, whileHeld);
      await settle(200);
      expect(queue.sent.filter((pk) => whileHeld.includes(pk))).toEqual(whileHeld);
    } finally {
      await pipe.stop();
    }
  });
});
