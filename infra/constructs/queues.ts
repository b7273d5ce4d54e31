import type { QueueDefinition } from '@wattle/routes';
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** A queue from its definition in @wattle/routes, with its dead-letter queue. SSE on both. */
export const createQueueWithDlq = (
  scope: Construct,
  id: string,
  definition: QueueDefinition,
): { queue: Queue; deadLetterQueue: Queue } => {
  const deadLetterQueue = new Queue(scope, `${id}DeadLetterQueue`, {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const queue = new Queue(scope, `${id}Queue`, {
    visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  return { queue, deadLetterQueue };
};
