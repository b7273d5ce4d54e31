import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { toEpochSeconds } from '@wattle/domain';
import { tableKeys, ttlAttribute, ttlDeleter } from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { localRegion } from './aws.ts';
import { loadHandler } from './functions.ts';

type ExpiryHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** Records per invocation, as the event source mapping's batch size in the CDK stack. */
const batchSize = 100;

/** The stream record DynamoDB writes when its TTL deletes `item` (AWS's shape: REMOVE, by the service). */
export const ttlRemovalRecord = (item: Record<string, unknown>, streamArn: string): DynamoDBRecord => {
  const image = marshall(item, { removeUndefinedValues: true });
  return {
    eventID: randomUUID(),
    eventName: 'REMOVE',
    eventSource: 'aws:dynamodb',
    eventVersion: '1.1',
    awsRegion: localRegion,
    eventSourceARN: streamArn,
    userIdentity: { ...ttlDeleter },
    dynamodb: {
      Keys: {
        [tableKeys.partitionKey]: image[tableKeys.partitionKey],
        [tableKeys.sortKey]: image[tableKeys.sortKey],
      } as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      OldImage: image as NonNullable<DynamoDBRecord['dynamodb']>['OldImage'],
      SequenceNumber: String(Date.now()),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
};

/**
 * What DynamoDB's TTL does in AWS, which DynamoDB Local does not (it keeps expired items): deletes
 * every item whose `expiresAt` has passed by the (possibly moved) clock, handing each to the expiry
 * consumer as the REMOVE record the TTL deletion would stream, so the lists' counts follow exactly
 * as in AWS. The consumer is told first and counts each expiry once, so a sweep that stops halfway
 * (a crash) is finished by the next one without counting twice.
 */
export const sweepExpiredItems = async (
  doc: DocumentClient,
  tableName: string,
  streamArn: string,
  now: Date,
): Promise<void> => {
  const handler = (await loadHandler('expired-items')) as unknown as ExpiryHandler;
  const nowSeconds = toEpochSeconds(now);
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#expires <= :now',
        ExpressionAttributeNames: { '#expires': ttlAttribute },
        ExpressionAttributeValues: { ':now': nowSeconds },
        ExclusiveStartKey: start,
      }),
    );
    const expired = page.Items ?? [];
    for (let from = 0; from < expired.length; from += batchSize) {
      const batch = expired.slice(from, from + batchSize);
      const { batchItemFailures } = await handler({
        Records: batch.map((item) => ttlRemovalRecord(item, streamArn)),
      });
      if (batchItemFailures.length > 0) throw new Error('The expiry consumer failed; the next sweep retries');
      for (const item of batch) await deleteIfExpired(doc, tableName, item, nowSeconds);
    }
    start = page.LastEvaluatedKey;
  } while (start);
};

/** Deletes the item only while it is still expired (a write since the scan may have renewed it). */
const deleteIfExpired = async (
  doc: DocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  nowSeconds: number,
): Promise<void> => {
  try {
    await doc.send(
      new DeleteCommand({
        TableName: tableName,
        Key: {
          [tableKeys.partitionKey]: item[tableKeys.partitionKey],
          [tableKeys.sortKey]: item[tableKeys.sortKey],
        },
        ConditionExpression: '#expires <= :now',
        ExpressionAttributeNames: { '#expires': ttlAttribute },
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};

export interface ExpirySweeper {
  /** Asks for a sweep at the clock's time: at once, or after the one under way and a pause. */
  poke(): void;
  /** No more sweeps; resolves once the one under way has finished. */
  stop(): Promise<void>;
}

/** The least real time between two sweeps: asks meanwhile wait and coalesce into one. */
export const sweepGapMs = 2000;

/**
 * Sweeps in the background, one at a time, whenever poked (every clock advance and schedule
 * tick), at most one sweep per `sweepGapMs`: like TTL in AWS, deletion comes a little after
 * expiry and nobody waits for it, so a walk through a year in daily steps does not scan the
 * table at every step.
 */
export const startExpirySweeper = (sweep: () => Promise<void>): ExpirySweeper => {
  let running: Promise<void> | null = null;
  let pause: NodeJS.Timeout | null = null;
  let asked = false;
  let stopped = false;
  const run = (): void => {
    asked = false;
    running = sweep()
      .catch((error: unknown) => console.error('[wattle-local] expiry sweep failed:', error))
      .finally(() => {
        running = null;
        if (stopped) return;
        pause = setTimeout(() => {
          pause = null;
          if (asked && !stopped) run();
        }, sweepGapMs);
        pause.unref();
      });
  };
  return {
    poke: () => {
      if (stopped) return;
      if (running || pause) asked = true;
      else run();
    },
    stop: async () => {
      stopped = true;
      if (pause) clearTimeout(pause);
      while (running) await running;
    },
  };
};
