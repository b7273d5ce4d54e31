import { PurgeQueueCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, tableKeys } from '@wattle/store';
import type { DocumentClient } from '@wattle/store/dynamodb';

/**
 * Deletes every item of the table, a page of keys at a time (the table, its indexes and its stream
 * stay: the stream pipe reads on, and passes no deletion on, as the Pipe's filter passes inserts
 * of events only). Returns how many items went.
 */
export const emptyTable = async (doc: DocumentClient, tableName: string): Promise<number> => {
  const { partitionKey, sortKey } = tableKeys;
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        ProjectionExpression: '#pk, #sk',
        ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
        ExclusiveStartKey: start,
      }),
    );
    const items = page.Items ?? [];
    await batchWriteAll(
      doc,
      tableName,
      items.map((item) => ({
        DeleteRequest: { Key: { [partitionKey]: item[partitionKey], [sortKey]: item[sortKey] } },
      })),
    );
    deleted += items.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
};

/** Drops the messages waiting in each queue (events on their way to webhooks, deliveries). */
export const purgeQueues = async (sqs: SQSClient, queueUrls: readonly string[]): Promise<void> => {
  for (const QueueUrl of queueUrls) await sqs.send(new PurgeQueueCommand({ QueueUrl }));
};
