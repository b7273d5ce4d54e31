import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { toEpochSeconds } from '@wattle/domain';
import { tableKeys, ttlAttribute, ttlDeleter } from '@wattle/store';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { localRegion } from './aws.ts';
import { loadHandler } from './functions.ts';

type ExpiryHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** Records per invocation, as the event source mapping's batch size in the CDK stack. */
const batchSize = 100;

/** The stream record DynamoDB writes when its TTL deletes `item` (AWS's shape: REMOVE, by the service). */
const ttlRemovalRecord = (item: Record<string, unknown>, streamArn: string): DynamoDBRecord => {
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
 * What DynamoDB's TTL does in AWS, which DynamoDB Local does not (it keeps expired items): a local
 * job that deletes every item whose `expiresAt` has passed by the (possibly moved) clock, handing
 * each to the expiry consumer as the REMOVE record the TTL deletion would stream, so the lists'
 * counts follow exactly as in AWS. The consumer is told first and counts each expiry once, so a
 * sweep that stops halfway (a crash) is finished by the next one without counting twice.
 */
export const sweepExpiredItems = async (
  doc: DynamoDBDocumentClient,
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
  doc: DynamoDBDocumentClient,
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
