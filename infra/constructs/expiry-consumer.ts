import { ttlRemovalPattern } from '@wattle/store/table';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EventSourceMapping, FilterCriteria, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/** The stream actions an event source mapping needs on the stream it reads (and nothing else). */
export const streamReadActions = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
] as const;

/**
 * The table stream → the expiry consumer, filtered to DynamoDB's TTL deletions of events and
 * webhooks (`ttlRemovalPattern`), so the function runs only when a count must move. From the
 * oldest record the stream keeps (nothing skipped when the mapping is made or replaced); a failed
 * record is retried, the batch taken up from it (partial batch response), for as long as the
 * stream keeps it (24 h), and the function's errors alarm says so. Separate from the events Pipe:
 * the two read the same stream for different records.
 */
export const addExpiryConsumer = (
  scope: Construct,
  id: string,
  props: { table: TableV2; consumer: IFunction },
): EventSourceMapping => {
  const streamArn = props.table.tableStreamArn;
  if (!streamArn) throw new Error('The table has no stream');
  // Written out rather than `grantStreamRead`, which adds the table key without its DynamoDB-only
  // condition: the function's table key statement already allows decrypting through DynamoDB.
  props.consumer.addToRolePolicy(
    new PolicyStatement({ actions: [...streamReadActions], resources: [streamArn] }),
  );
  return new EventSourceMapping(scope, id, {
    target: props.consumer,
    eventSourceArn: streamArn,
    startingPosition: StartingPosition.TRIM_HORIZON,
    batchSize: 100,
    reportBatchItemFailures: true,
    filters: [FilterCriteria.filter(ttlRemovalPattern)],
  });
};
