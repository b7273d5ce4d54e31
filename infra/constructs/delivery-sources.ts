import { deliverySource } from '@wattle/routes';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';

/**
 * The delivery function consumes each queue in batches and reports the messages that failed, so
 * only those are retried (and end in the queue's dead-letter queue), as `deliverySource` says.
 */
export const addDeliverySources = (fn: IFunction, queues: readonly Queue[]): void => {
  for (const queue of queues) {
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: deliverySource.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: deliverySource.maxConcurrency,
      }),
    );
  }
};
