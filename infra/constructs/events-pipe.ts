import { tableKeys } from '@wattle/store/table';
import { Duration, Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPipe } from 'aws-cdk-lib/aws-pipes';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** The Pipe's filter: new event items only (the outbox writes each once, with sort key `EVENT`). */
export const eventInsertPattern = {
  eventName: ['INSERT'],
  dynamodb: { Keys: { [tableKeys.sortKey]: { S: ['EVENT'] } } },
};

/**
 * How long the Pipe keeps trying a batch: 10 retries (with its backoff), and never for a record
 * older than an hour, well inside the stream's 24 h. Past that the batch's description (shard and
 * sequence numbers) goes to the dead-letter queue and the Pipe moves on, so one record SQS refuses
 * (too large, say) does not hold the shard until the stream drops everything behind it. The
 * events themselves are not lost: the scheduler fans out every event still awaiting its fan-out
 * after a few minutes.
 */
export const eventsPipeRetries = { maximumRetryAttempts: 10, maximumRecordAgeInSeconds: 3600 } as const;

export interface EventsPipe {
  pipe: CfnPipe;
  /** Where the Pipe puts what it gave up on (alarmed on its depth, like every dead-letter queue). */
  deadLetterQueue: Queue;
}

/**
 * Table stream → events queue (docs/contributing/architecture.md): each new event item goes on the queue as
 * its stream record. It starts at the stream's oldest record (TRIM_HORIZON), so a Pipe created or
 * replaced reads what the stream still holds (up to 24 h) rather than skipping it: the fan-out
 * makes each webhook once, so a record sent again costs a message, not a second webhook. Its role
 * reads the stream and sends to this queue and its own dead-letter queue, nothing else.
 */
export const createEventsPipe = (
  scope: Construct,
  id: string,
  props: { table: TableV2; queue: Queue },
): EventsPipe => {
  const deadLetterQueue = new Queue(scope, `${id}DeadLetterQueue`, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  Validations.of(deadLetterQueue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      "This queue is the Pipe's dead-letter target, not a work queue: what lands here is kept 14 days and alarmed on, and a queue behind it would only move the same records again.",
  });
  const role = new Role(scope, `${id}Role`, { assumedBy: new ServicePrincipal('pipes.amazonaws.com') });
  props.table.grantStreamRead(role);
  props.queue.grantSendMessages(role);
  deadLetterQueue.grantSendMessages(role);
  const streamArn = props.table.tableStreamArn;
  if (!streamArn) throw new Error('The table has no stream');
  const pipe = new CfnPipe(scope, id, {
    description: 'Wattle: event items from the table stream to the events queue',
    roleArn: role.roleArn,
    source: streamArn,
    sourceParameters: {
      dynamoDbStreamParameters: {
        startingPosition: 'TRIM_HORIZON',
        batchSize: 10,
        ...eventsPipeRetries,
        // A batch that fails is halved until the one record at fault is alone in going to the DLQ.
        onPartialBatchItemFailure: 'AUTOMATIC_BISECT',
        deadLetterConfig: { arn: deadLetterQueue.queueArn },
      },
      filterCriteria: { filters: [{ pattern: JSON.stringify(eventInsertPattern) }] },
    },
    target: props.queue.queueArn,
    desiredState: 'RUNNING',
  });
  // The role's policy must be in place before the Pipe starts reading.
  pipe.node.addDependency(role);
  return { pipe, deadLetterQueue };
};
