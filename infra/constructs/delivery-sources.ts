import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';

/** Batches of up to 10 messages; at most this many delivery functions per queue at once. */
export const deliveryConcurrency = 10;

/**
 * The delivery function consumes each queue in batches and reports the messages that failed, so
 * only those are retried (and end in the queue's dead-letter queue); its concurrency per queue is
 * bounded so a burst of events cannot take every Lambda of the account or flood receivers.
 */
export const addDeliverySources = (fn: IFunction, queues: readonly Queue[]): void => {
  for (const queue of queues) {
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: deliveryConcurrency,
      }),
    );
  }
};
