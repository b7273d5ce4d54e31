import { uncountExpiredItems } from '@wattle/flows';
import { expiredItemOfStreamRecord } from '@wattle/runtime';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { expiredItemsDeps } from './deps.ts';

/**
 * The expiry consumer: the table stream's TTL deletions of events and webhooks (its filter lets
 * only those through; in the local stack the expiry sweep hands it its deletions), each taken out
 * of its list's count. On a failure it reports that record, so Lambda takes the batch up again
 * from there: the records before it are done, none after it is skipped.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const deps = expiredItemsDeps();
  const outcome = await uncountExpiredItems(deps, event.Records.map(expiredItemOfStreamRecord));
  if (outcome.failedAt === null) return { batchItemFailures: [] };
  const failed = event.Records[outcome.failedAt];
  deps.logger.error('An expired item could not be uncounted', {
    eventID: failed?.eventID,
    error: outcome.error as Error,
  });
  return { batchItemFailures: [{ itemIdentifier: failed?.dynamodb?.SequenceNumber ?? '' }] };
};
