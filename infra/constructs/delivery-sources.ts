import { deliverySource, queueArnVariable, type queues } from '@wattle/routes';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';

/**
 * The delivery function consumes each queue in batches and reports the messages that failed, so
 * only those are retried (and end in the queue's dead-letter queue), as `deliverySource` says. It
 * gets each queue's ARN (WATTLE_<NAME>_QUEUE_ARN) to tell a record's queue by its eventSourceARN.
 */
export const addDeliverySources = (
  fn: LambdaFunction,
  sources: Partial<Record<keyof typeof queues, Queue>>,
): void => {
  for (const [name, queue] of Object.entries(sources) as [keyof typeof queues, Queue][]) {
    fn.addEnvironment(queueArnVariable(name), queue.queueArn);
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: deliverySource.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: deliverySource.maxConcurrency,
      }),
    );
  }
};
