import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { uncountExpiredItems } from '@wattle/flows';
import { eventHandler } from '@wattle/http';
import { expiredItemOfStreamRecord } from '@wattle/queue-messages';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type ExpiredItemsDeps, expiredItemsDeps } from './deps.ts';

/** One stream record: the expired event or webhook it deleted leaves its list's count. */
const handleRecord = (deps: ExpiredItemsDeps) => async (record: DynamoDBRecord) => {
  const outcome = await uncountExpiredItems(deps, [expiredItemOfStreamRecord(record)]);
  if (outcome.failedAt === null) return;
  deps.logger.error('An expired item could not be uncounted', {
    eventID: record.eventID,
    error: outcome.error as Error,
  });
  throw outcome.error;
};

const processor = new BatchProcessor(EventType.DynamoDBStreams);

/**
 * The expiry consumer: the table stream's TTL deletions of events and webhooks (its filter lets
 * only those through; in the local stack the expiry sweep hands it its deletions), each taken out
 * of its list's count, one after another in stream order. A record that failed is reported
 * (Powertools' batch processing), so Lambda takes the batch up again from the first one that
 * failed: a record after it that was done is done again, which uncounts nothing twice.
 */
export const handler = eventHandler<DynamoDBStreamEvent, DynamoDBBatchResponse, ExpiredItemsDeps>(
  expiredItemsDeps,
  (event, deps, context) =>
    processPartialResponse(event, handleRecord(deps), processor, {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    }),
);
