import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { FunctionName } from '@wattle/routes';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { localRegion } from './aws.ts';
import { lambdaContext } from './functions.ts';

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface QueueConsumerOptions {
  sqs: SQSClient;
  queueUrl: string;
  queueArn: string;
  /** The function the event source invokes, and how to load its handler. */
  fn: FunctionName;
  handler: () => Promise<SqsHandler>;
  /** The function's deadline, as its context reports it. */
  timeoutMs?: number;
  /** Messages per batch (the event source's batch size). */
  batchSize?: number;
  /** Batches handled at once (the event source's maximum concurrency). */
  concurrency?: number;
  onError?: (error: unknown) => void;
}

export interface QueueConsumer {
  /** Stops receiving; resolves once the batch under way is handled and deleted. */
  stop(): Promise<void>;
}

const toRecord = (message: Message, queueArn: string): SQSRecord => ({
  messageId: message.MessageId ?? '',
  receiptHandle: message.ReceiptHandle ?? '',
  body: message.Body ?? '',
  attributes: message.Attributes as unknown as SQSRecord['attributes'],
  messageAttributes: {},
  md5OfBody: message.MD5OfBody ?? '',
  eventSource: 'aws:sqs',
  eventSourceARN: queueArn,
  awsRegion: localRegion,
});

/**
 * Emulates Lambda's SQS event source with ReportBatchItemFailures: long-polls the queue, invokes
 * the handler with an SQSEvent of up to `batchSize` (10) records, and deletes every message not
 * named in `batchItemFailures`. A handler that throws fails the whole batch. Messages left
 * undeleted come back after the queue's visibility timeout and go to its dead-letter queue after
 * its receive limit, as in AWS. Up to `concurrency` pollers each handle one batch at a time, as the event
 * source's maximum concurrency lets as many functions run at once.
 */
export const startQueueConsumer = (options: QueueConsumerOptions): QueueConsumer => {
  const { sqs, queueUrl, queueArn } = options;
  const abort = new AbortController();
  let stopped = false;
  // The same failure again and again (fauxqs gone, say) is reported once.
  let lastError = '';
  const onError = (error: unknown) => {
    if (stopped || String(error) === lastError) return;
    lastError = String(error);
    (options.onError ?? ((e) => console.error(`[wattle-local] ${options.fn} (${queueArn}):`, e)))(error);
  };

  const handleBatch = async (messages: Message[]): Promise<void> => {
    const handler = await options.handler();
    let failed: Set<string>;
    try {
      const result = await handler(
        { Records: messages.map((message) => toRecord(message, queueArn)) },
        lambdaContext(options.fn, options.timeoutMs ?? 29_000),
      );
      failed = new Set((result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      onError(error);
      failed = new Set(messages.map((message) => message.MessageId ?? ''));
    }
    const done = messages.filter((message) => !failed.has(message.MessageId ?? ''));
    if (done.length === 0) return;
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: done.map((message, i) => ({ Id: String(i), ReceiptHandle: message.ReceiptHandle })),
      }),
    );
  };

  const poll = async (): Promise<void> => {
    while (!stopped) {
      try {
        const { Messages } = await sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: options.batchSize ?? 10,
            WaitTimeSeconds: 5,
            MessageSystemAttributeNames: ['All'],
          }),
          { abortSignal: abort.signal },
        );
        if (Messages?.length) await handleBatch(Messages);
        lastError = '';
      } catch (error) {
        if (stopped) break;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };
  const pollers = Promise.all(Array.from({ length: options.concurrency ?? 1 }, poll));

  return {
    stop: async () => {
      stopped = true;
      abort.abort();
      await pollers;
    },
  };
};
