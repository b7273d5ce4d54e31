import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  DeleteQueueCommand,
  GetQueueAttributesCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { localClientConfig, type SqsHandler, sqsQueueSource, startQueueConsumer } from '@wattle/local';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../helpers/receiver.ts';
import { useStack } from '../helpers/stack.ts';

// The local SQS event source, against the shared stack's fauxqs, on a queue of its own.
const sqs = new SQSClient(localClientConfig(useStack().sqsEndpoint));
const made: string[] = [];

afterAll(async () => {
  await Promise.all(made.map((QueueUrl) => sqs.send(new DeleteQueueCommand({ QueueUrl }))));
  sqs.destroy();
});

const newQueue = async (): Promise<string> => {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({ QueueName: `consumer-${randomUUID().slice(0, 8)}` }),
  );
  made.push(QueueUrl as string);
  return QueueUrl as string;
};

const send = async (queueUrl: string, count: number): Promise<void> => {
  for (let i = 0; i < count; i += 10)
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: Array.from({ length: Math.min(10, count - i) }, (_, n) => ({
          Id: String(n),
          MessageBody: String(i + n),
        })),
      }),
    );
};

const messagesLeft = async (queueUrl: string): Promise<number> => {
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrl,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return (
    Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
    Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0)
  );
};

describe('the local SQS event source', () => {
  it('handles up to its concurrency of batches at once, each of at most the batch size, and deletes what it handled', async () => {
    const queueUrl = await newQueue();
    await send(queueUrl, 60);
    const seen: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    let largestBatch = 0;
    const handler: SqsHandler = async (event) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      largestBatch = Math.max(largestBatch, event.Records.length);
      await new Promise((resolve) => setTimeout(resolve, 150));
      seen.push(...event.Records.map((record) => record.body));
      running--;
      return { batchItemFailures: [] };
    };
    const consumer = startQueueConsumer({
      source: sqsQueueSource(sqs, queueUrl),
      queueArn: 'arn:aws:sqs:local:000000000000:consumer',
      fn: 'webhook-delivery',
      handler: async () => handler,
      batchSize: 5,
      concurrency: 3,
    });
    try {
      await waitUntil(
        async () => (seen.length >= 60 ? true : undefined),
        20_000,
        'every message to be handled',
      );
      await waitUntil(
        async () => ((await messagesLeft(queueUrl)) === 0 ? true : undefined),
        10_000,
        'the queue to empty',
      );
    } finally {
      await consumer.stop();
    }
    expect(new Set(seen).size).toBe(60);
    expect(largestBatch).toBeLessThanOrEqual(5);
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(3);
  });
});
