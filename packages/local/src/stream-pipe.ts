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
import { loadStreamPosition, type ShardPosition, saveStreamPosition } from './stream-position.ts';

export interface StreamPipeOptions {
  streams: DynamoDBStreamsClient;
  sqs: SQSClient;
  streamArn: string;
  queueUrl: string;
  /** Which records go on: the Pipe's filter. Default: INSERTs of event items (sort key `EVENT`). */
  filter?: (record: StreamRecord) => boolean;
  /** Where the position is kept across restarts (in the data directory); none: in memory only. */
  positionFile?: string;
  /** The table was created by this start: everything its stream holds is still to be forwarded. */
  newTable?: boolean;
  /** How soon it reads again after a read that found records (and first): default 250 ms. */
  intervalMs?: number;
  /**
   * The longest wait between reads while the stream is quiet: each read that finds nothing doubles
   * the wait, up to this (default 2 s). A nudge reads at once whatever the wait.
   */
  idleIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface StreamPipe {
  /**
   * While held, the pipe reads nothing: the stream keeps the records, and the pipe forwards them
   * once released (the bench measures a request's own CPU so, without the work its events cause).
   */
  hold(held: boolean): void;
  /**
   * Something may have written to the table (a request answered, a job run): the pipe reads the
   * stream at once, or again as soon as the read under way ends, and then at its quick pace.
   */
  nudge(): void;
  /** Stops polling, after one last pass that forwards what the stream still holds. */
  stop(): Promise<void>;
}

/** The EventBridge Pipe's filter: `{eventName: ['INSERT'], dynamodb: {Keys: {sk: {S: ['EVENT']}}}}`. */
export const isEventInsert = (record: StreamRecord): boolean =>
  record.eventName === 'INSERT' && record.dynamodb?.Keys?.[tableKeys.sortKey]?.S === 'EVENT';

/** Binary values as a Pipe writes them: base64 text (an event's compressed data). */
function base64Binary(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Uint8Array ? Buffer.from(raw).toString('base64') : value;
}

/**
 * A record as a Pipe puts it on a queue: the stream record's JSON with epoch-second timestamps and
 * the source ARN, attribute values in their raw `{S: ...}` form, binary ones in base64.
 */
export const pipeMessageBody = (record: StreamRecord, streamArn: string): string => {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return JSON.stringify(
    {
      ...record,
      dynamodb: {
        ...record.dynamodb,
        ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : created,
      },
      eventSourceARN: streamArn,
    },
    base64Binary,
  );
};

/**
 * Shards are listed again (DescribeStream) at most this often while every shard read goes on: a
 * stream's shards change when one ends (its child then takes its records), which a pass sees and
 * lists at once, so the timed listing is only a safety net. Listing on every pass was as many
 * DescribeStream calls as reads, four a second on an idle stack.
 */
export const shardListingMs = 10_000;

interface ShardCursor {
  iterator: string | undefined;
  lastSequenceNumber: string | undefined;
  /** Started at LATEST (a table from before the position was kept): no position until a record comes. */
  fromLatest: boolean;
}

/**
 * Emulates the table stream → events queue Pipe: polls every shard of the stream (every 250 ms
 * after records, backing off to every 2 s while the stream is quiet, and at once when nudged: an
 * idle stack's reads were 7% of a core; the shards are listed again when one ends and every
 * `shardListingMs`) and sends each matching record to the queue. A batch is sent before the
 * shard moves on, and the position (per shard, the last record done with) is saved only after
 * that, so a failed send or a crash sends again (at least once, like the Pipe; the fan-out makes
 * each webhook once).
 * A restart resumes after the saved position; a shard it has no position for is read from its
 * beginning (TRIM_HORIZON), where nothing was forwarded yet. Only a data directory from before the
 * position was kept starts its open shards at LATEST, as then: its stream holds events long fanned
 * out, whose replay would make webhooks of old events for endpoints added since.
 */
export const startStreamPipe = async (options: StreamPipeOptions): Promise<StreamPipe> => {
  const { streams, sqs, streamArn, queueUrl, positionFile } = options;
  const filter = options.filter ?? isEventInsert;
  const intervalMs = options.intervalMs ?? 250;
  const idleIntervalMs = Math.max(intervalMs, options.idleIntervalMs ?? 2000);
  // The same failure at every pass (DynamoDB Local gone, say) is reported once.
  let lastError = '';
  const onError = (error: unknown) => {
    const text = String(error);
    if (text === lastError) return;
    lastError = text;
    (options.onError ?? ((e) => console.error('[wattle-local] stream pipe:', e)))(error);
  };
  const saved = positionFile ? loadStreamPosition(positionFile) : null;
  // Another stream (the table made again) has other shards: its saved positions say nothing here.
  const known = saved?.streamArn === streamArn ? saved.shards : {};
  const fromTheStart = options.newTable === true || saved !== null;
  const cursors = new Map<string, ShardCursor>();
  const finished = new Set<string>();
  let moved = false;
  /** When the shards were last listed; 0: list them on the next pass (a shard ended). */
  let listedAt = 0;

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

  const iteratorAt = async (
    shardId: string,
    position:
      | { ShardIteratorType: 'TRIM_HORIZON' | 'LATEST' }
      | { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER'; SequenceNumber: string },
  ): Promise<string | undefined> =>
    (await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ...position })))
      .ShardIterator;

  const iteratorFor = async (shardId: string, cursor: ShardCursor): Promise<string | undefined> => {
    if (!cursor.lastSequenceNumber)
      return iteratorAt(shardId, { ShardIteratorType: cursor.fromLatest ? 'LATEST' : 'TRIM_HORIZON' });
    try {
      return await iteratorAt(shardId, {
        ShardIteratorType: 'AFTER_SEQUENCE_NUMBER',
        SequenceNumber: cursor.lastSequenceNumber,
      });
    } catch (error) {
      // The stream dropped records after ours unread: the scheduler fans out their events.
      if (!(error instanceof TrimmedDataAccessException)) throw error;
      return iteratorAt(shardId, { ShardIteratorType: 'TRIM_HORIZON' });
    }
  };

  const discover = async (initial: boolean): Promise<void> => {
    const shards = await listShards();
    listedAt = Date.now();
    const present = new Set(shards.map((shard) => shard.ShardId));
    // Shards the stream no longer has are forgotten, so the saved position does not grow forever.
    for (const id of finished) {
      if (!present.has(id)) {
        finished.delete(id);
        moved = true;
      }
    }
    for (const shard of shards) {
      const id = shard.ShardId;
      if (!id || cursors.has(id) || finished.has(id)) continue;
      const position = initial ? known[id] : undefined;
      const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
      if (position?.done || (initial && !fromTheStart && closed)) {
        finished.add(id);
        moved = true;
        continue;
      }
      const cursor: ShardCursor = {
        iterator: undefined,
        lastSequenceNumber: position?.after,
        fromLatest: initial && !fromTheStart,
      };
      cursor.iterator = await iteratorFor(id, cursor);
      cursors.set(id, cursor);
      moved = true;
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

  /** Reads a shard once, forwarding what it holds; answers whether it held any record. */
  const pollShard = async (shardId: string, cursor: ShardCursor): Promise<boolean> => {
    try {
      cursor.iterator ??= await iteratorFor(shardId, cursor);
      if (!cursor.iterator) return false;
      const result = await streams.send(
        new GetRecordsCommand({ ShardIterator: cursor.iterator, Limit: 1000 }),
      );
      const records = result.Records ?? [];
      await forward(records);
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) {
        cursor.lastSequenceNumber = last;
        moved = true;
      }
      cursor.iterator = result.NextShardIterator;
      if (!cursor.iterator) {
        cursors.delete(shardId);
        finished.add(shardId);
        moved = true;
        // Its child shard (the stream's records from here on) is found on the next pass.
        listedAt = 0;
      }
      return records.length > 0;
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        cursor.iterator = undefined;
        return false;
      }
      throw error;
    }
  };

  /** Saved after the sends it counts: a crash before this repeats them, never skips them. */
  const save = (): void => {
    // Not while a shard started at LATEST has no record yet: a position without it would send the
    // next start back to that shard's beginning. With no file, the next start is at LATEST again.
    const unplaced = [...cursors.values()].some((cursor) => cursor.fromLatest && !cursor.lastSequenceNumber);
    if (!positionFile || !moved || unplaced) return;
    const shards: Record<string, ShardPosition> = {};
    for (const [id, cursor] of cursors)
      shards[id] = cursor.lastSequenceNumber ? { after: cursor.lastSequenceNumber } : {};
    for (const id of finished) shards[id] = { done: true };
    saveStreamPosition(positionFile, { streamArn, shards });
    moved = false;
  };

  let held = false;
  /** One read of every shard; answers whether any record came. */
  const pass = async (): Promise<boolean> => {
    if (held) return false;
    if (cursors.size === 0 || Date.now() - listedAt >= shardListingMs) await discover(false);
    let found = false;
    for (const [shardId, cursor] of [...cursors]) if (await pollShard(shardId, cursor)) found = true;
    save();
    lastError = '';
    return found;
  };

  await discover(true);
  save();

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  /** A pass is under way (`running`); `nudged`: another follows it at once. */
  let passing = false;
  let nudged = false;
  /** The wait before the next pass: quick after records, doubling while nothing comes. */
  let wait = intervalMs;
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  const run = () => {
    passing = true;
    nudged = false;
    running = pass()
      .then(
        (found) => {
          wait = found ? intervalMs : Math.min(wait * 2, idleIntervalMs);
        },
        (error) => {
          wait = Math.min(wait * 2, idleIntervalMs);
          if (!stopped) onError(error);
        },
      )
      .finally(() => {
        passing = false;
        if (nudged) wait = intervalMs;
        schedule(nudged ? 0 : wait);
      });
  };
  const nudge = () => {
    if (stopped || held) return;
    if (passing) nudged = true;
    else schedule(0);
  };
  schedule(wait);

  return {
    hold: (hold) => {
      held = hold;
      if (!hold) nudge();
    },
    nudge,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      held = false;
      clearTimeout(timer);
      await running;
      await pass().catch(onError);
    },
  };
};
