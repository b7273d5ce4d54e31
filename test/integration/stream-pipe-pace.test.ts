import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient, GetRecordsCommand } from '@aws-sdk/client-dynamodb-streams';
import { localClientConfig } from '@wattle/local';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStreamPipe } from '../../packages/local/src/stream-pipe.ts';
import { settle } from '../helpers/receiver.ts';
import { fakeQueue, forwarded, writeEvents } from '../helpers/stream-pipe.ts';
import { useTable } from '../helpers/table.ts';

// How often the local stack's stream pipe reads the stream: less and less while nothing comes (an
// idle stack read every shard four times a second forever), and at once when the stack says
// something may have been written (nudge), so an event waits no longer for it.

const table = useTable({ stream: true });
let streams: DynamoDBStreamsClient;
let streamArn: string;

beforeAll(async () => {
  streams = new DynamoDBStreamsClient(localClientConfig(inject('ddbEndpoint')));
  const described = await table.raw.send(new DescribeTableCommand({ TableName: table.tableName }));
  streamArn = described.Table!.LatestStreamArn!;
});

afterAll(() => streams.destroy());

/** The table's stream as the pipe reads it, counting its GetRecords calls. */
const countingReads = () => {
  const counted = { reads: 0 };
  const client = {
    send: (command: Parameters<DynamoDBStreamsClient['send']>[0]) => {
      if (command instanceof GetRecordsCommand) counted.reads += 1;
      return streams.send(command);
    },
  } as unknown as DynamoDBStreamsClient;
  return { counted, client };
};

describe('the local stream pipe, at its pace', () => {
  it('reads less and less often while the stream is quiet', async () => {
    const { counted, client } = countingReads();
    const queue = fakeQueue();
    const errors: unknown[] = [];
    const pipe = await startStreamPipe({
      streams: client,
      sqs: queue.client,
      streamArn,
      queueUrl: 'http://queue.invalid/events',
      // From the stream's beginning, as the stack's pipe reads a table it made.
      newTable: true,
      intervalMs: 50,
      idleIntervalMs: 800,
      onError: (error) => errors.push(error),
    });
    try {
      await settle(3000);
      // At a steady 50 ms that is 60 reads of the table's one shard; backing off 50, 100, 200,
      // 400, then every 800 ms, about 7.
      expect(counted.reads).toBeGreaterThan(2);
      expect(counted.reads).toBeLessThan(15);
      // Records come: it reads at its quick pace again, and forwards them.
      const written = await writeEvents(table.raw, table.tableName, 1);
      pipe.nudge();
      await forwarded(queue, written);
      expect(errors).toEqual([]);
    } finally {
      await pipe.stop();
    }
  });

  it('nudged, reads the stream at once, however long its next read would have waited', async () => {
    const queue = fakeQueue();
    // Its first read would come a minute from now.
    const pipe = await startStreamPipe({
      streams,
      sqs: queue.client,
      streamArn,
      queueUrl: 'http://queue.invalid/events',
      newTable: true,
      intervalMs: 60_000,
      idleIntervalMs: 60_000,
      onError: () => {},
    });
    try {
      const written = await writeEvents(table.raw, table.tableName, 2);
      const nudged = Date.now();
      pipe.nudge();
      await forwarded(queue, written);
      expect(Date.now() - nudged).toBeLessThan(5000);
      // A nudge while a read is under way reads again after it: the record written meanwhile is
      // not left for the minute-long wait.
      const first = await writeEvents(table.raw, table.tableName, 1);
      pipe.nudge();
      const second = await writeEvents(table.raw, table.tableName, 1);
      pipe.nudge();
      await forwarded(queue, [...first, ...second]);
    } finally {
      await pipe.stop();
    }
  });
});
