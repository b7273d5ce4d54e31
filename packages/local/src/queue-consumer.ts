import { createHash } from 'node:crypto';
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

/** A message as a consumer receives it, from SQS (the emulator) or a queue in this process. */
export interface QueueMessage {
  id: string;
  /** The receipt of this receive: what deletes it. */
  receipt: string;
  body: string;
  /** SQS's system attributes (ApproximateReceiveCount, SentTimestamp…), as the record carries them. */
  attributes: Record<string, string>;
}

/** Where a consumer long-polls its messages from and deletes the ones handled. */
export interface QueueSource {
  receive(max: number, waitMs: number, signal: AbortSignal): Promise<QueueMessage[]>;
  delete(messages: readonly QueueMessage[]): Promise<void>;
}

/** A queue of the SQS emulator (the DynamoDB engine's fauxqs). */
export const sqsQueueSource = (sqs: SQSClient, queueUrl: string): QueueSource => ({
  receive: async (max, waitMs, signal) => {
    const { Messages } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: max,
        WaitTimeSeconds: Math.round(waitMs / 1000),
        MessageSystemAttributeNames: ['All'],
      }),
      { abortSignal: signal },
    );
    return (Messages ?? []).map((message: Message) => ({
      id: message.MessageId ?? '',
      receipt: message.ReceiptHandle ?? '',
      body: message.Body ?? '',
      attributes: (message.Attributes ?? {}) as Record<string, string>,
    }));
  },
  delete: async (messages) => {
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: messages.map((message, i) => ({ Id: String(i), ReceiptHandle: message.receipt })),
      }),
    );
  },
});

export type SqsHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | undefined>;

export interface QueueConsumerOptions {
  source: QueueSource;
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

const toRecord = (message: QueueMessage, queueArn: string): SQSRecord => ({
  messageId: message.id,
  receiptHandle: message.receipt,
  body: message.body,
  attributes: message.attributes as unknown as SQSRecord['attributes'],
  messageAttributes: {},
  md5OfBody: createHash('md5').update(message.body).digest('hex'),
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
  const { source, queueArn } = options;
  const abort = new AbortController();
  let stopped = false;
  // The same failure again and again (fauxqs gone, say) is reported once.
  let lastError = '';
  const onError = (error: unknown) => {
    if (stopped || String(error) === lastError) return;
    lastError = String(error);
    (options.onError ?? ((e) => console.error(`[wattle-local] ${options.fn} (${queueArn}):`, e)))(error);
  };

  const handleBatch = async (messages: QueueMessage[]): Promise<void> => {
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
      failed = new Set(messages.map((message) => message.id));
    }
    const done = messages.filter((message) => !failed.has(message.id));
    if (done.length === 0) return;
    await source.delete(done);
  };

  const poll = async (): Promise<void> => {
    while (!stopped) {
      try {
        const messages = await source.receive(options.batchSize ?? 10, 5000, abort.signal);
        if (messages.length > 0) await handleBatch(messages);
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
