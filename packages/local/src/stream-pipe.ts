import {
  DescribeStreamCommand,
  type DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type Shard,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { tableKeys } from '@wattle/store';

export interface StreamPipeOptions {
  streams: DynamoDBStreamsClient;
  sqs: SQSClient;
  streamArn: string;
  queueUrl: string;
  /** Which records go on: the Pipe's filter. Default: INSERTs of event items (sort key `EVENT`). */
  filter?: (record: StreamRecord) => boolean;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface StreamPipe {
  /** Stops polling, after one last pass that forwards what the stream still holds. */
  stop(): Promise<void>;
}

/** The EventBridge Pipe's filter: `{eventName: ['INSERT'], dynamodb: {Keys: {sk: {S: ['EVENT']}}}}`. */
export const isEventInsert = (record: StreamRecord): boolean =>
  record.eventName === 'INSERT' && record.dynamodb?.Keys?.[tableKeys.sortKey]?.S === 'EVENT';

/**
 * A record as a Pipe puts it on a queue: the stream record's JSON with epoch-second timestamps and
 * the source ARN, attribute values in their raw `{S: ...}` form.
 */
export const pipeMessageBody = (record: StreamRecord, streamArn: string): string => {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return JSON.stringify({
    ...record,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : created,
    },
    eventSourceARN: streamArn,
  });
};

interface ShardCursor {
  iterator: string | undefined;
  lastSequenceNumber: string | undefined;
}

/**
 * Emulates the table stream → events queue Pipe: polls every shard of the stream (about every
 * 250 ms), starting from LATEST for the shards there at the start and from the beginning for shards
 * opened later, and sends each matching record to the queue. A batch is sent before the shard moves
 * on, so a failed send is retried (at least once, like the Pipe). Nothing is persisted.
 */
export const startStreamPipe = async (options: StreamPipeOptions): Promise<StreamPipe> => {
  const { streams, sqs, streamArn, queueUrl } = options;
  const filter = options.filter ?? isEventInsert;
  const intervalMs = options.intervalMs ?? 250;
  // The same failure every 250 ms (DynamoDB Local gone, say) is reported once.
  let lastError = '';
  const onError = (error: unknown) => {
    const text = String(error);
    if (text === lastError) return;
    lastError = text;
    (options.onError ?? ((e) => console.error('[wattle-local] stream pipe:', e)))(error);
  };
  const cursors = new Map<string, ShardCursor>();
  const finished = new Set<string>();

  const listShards = async (): Promise<Shard[]> => {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  };

  const iteratorFor = async (
    shardId: string,
    cursor: ShardCursor,
    fresh: boolean,
  ): Promise<string | undefined> => {
    const position = cursor.lastSequenceNumber
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: cursor.lastSequenceNumber }
      : { ShardIteratorType: fresh ? ('TRIM_HORIZON' as const) : ('LATEST' as const) };
    const result = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ...position }),
    );
    return result.ShardIterator;
  };

  const discover = async (initial: boolean): Promise<void> => {
    for (const shard of await listShards()) {
      const id = shard.ShardId;
      if (!id || cursors.has(id) || finished.has(id)) continue;
      // A shard closed before we started holds nothing new for us.
      if (initial && shard.SequenceNumberRange?.EndingSequenceNumber) {
        finished.add(id);
        continue;
      }
      const cursor: ShardCursor = { iterator: undefined, lastSequenceNumber: undefined };
      cursor.iterator = await iteratorFor(id, cursor, !initial);
      cursors.set(id, cursor);
    }
  };

  const forward = async (records: StreamRecord[]): Promise<void> => {
    const matching = records.filter(filter);
    for (let i = 0; i < matching.length; i += 10) {
      const batch = matching.slice(i, i + 10);
      const result = await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((record, n) => ({
            Id: String(n),
            MessageBody: pipeMessageBody(record, streamArn),
          })),
        }),
      );
      if (result.Failed?.length) throw new Error(`SQS refused ${result.Failed.length} stream record(s)`);
    }
  };

  const pollShard = async (shardId: string, cursor: ShardCursor): Promise<void> => {
    try {
      cursor.iterator ??= await iteratorFor(shardId, cursor, true);
      if (!cursor.iterator) return;
      const result = await streams.send(
        new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: 1000 }),
      );
      const records = result.Records ?? [];
      await forward(records);
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) cursor.lastSequenceNumber = last;
      cursor.iterator = result.NextShardIterator;
      if (!cursor.iterator) {
        cursors.delete(shardId);
        finished.add(shardId);
      }
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        cursor.iterator = undefined;
        return;
      }
      throw error;
    }
  };

  const pass = async (): Promise<void> => {
    await discover(false);
    for (const [shardId, cursor] of [...cursors]) await pollShard(shardId, cursor);
    lastError = '';
  };

  await discover(true);

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error) => {
          if (!stopped) onError(error);
        })
        .finally(schedule);
    }, intervalMs);
  };
  schedule();

  return {
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      await running;
      await pass().catch(onError);
    },
  };
};
