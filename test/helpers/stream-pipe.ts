import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type StreamPipe, startStreamPipe } from '../../packages/local/src/stream-pipe.ts';
import { waitUntil } from './receiver.ts';

// The local stack's stream pipe (table stream → events queue) run alone on a table's stream, with
// the events queue in memory: stream-pipe-position.test.ts and stream-pipe-restart.test.ts.

/** The events queue, in memory: the pk of every event item sent, in order; it can refuse batches. */
export const fakeQueue = () => {
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
export const writeEvents = async (
  client: DynamoDBClient,
  tableName: string,
  count: number,
): Promise<string[]> => {
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

export const forwarded = (queue: ReturnType<typeof fakeQueue>, pks: string[]) =>
  waitUntil(() => (pks.every((pk) => queue.sent.includes(pk)) ? true : undefined), 10_000, 'the records');

/** The pipe from the stream `arn` read with `client` into `queue`, polling every 50 ms. */
export const pipeOn = (
  queue: ReturnType<typeof fakeQueue>,
  options: { positionFile?: string; newTable?: boolean; arn: string; client: DynamoDBStreamsClient },
): Promise<StreamPipe> =>
  startStreamPipe({
    streams: options.client,
    sqs: queue.client,
    streamArn: options.arn,
    queueUrl: 'http://queue.invalid/events',
    positionFile: options.positionFile,
    newTable: options.newTable,
    intervalMs: 50,
    onError: () => {},
  });
