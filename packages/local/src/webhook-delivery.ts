import { deliverySource, queueArnVariable, queues, queueUrlVariable } from '@wattle/routes';
import { localAccountId, localRegion } from './aws.ts';
import { loadHandler } from './functions.ts';
import {
  type QueueConsumer,
  type QueueSource,
  type SqsHandler,
  startQueueConsumer,
} from './queue-consumer.ts';

export interface WebhookDelivery {
  stop(): Promise<void>;
}

const queueArn = (name: string): string => `arn:aws:sqs:${localRegion}:${localAccountId}:${name}`;

/**
 * Webhook delivery as the CDK stack wires it: the delivery function consuming the events queue
 * (the stream pipe's output) and the webhooks queue, each through an emulated SQS event source
 * with the same batch size and concurrency: the emulator's queues, or the memory engine's.
 * Sets what the functions read first: the webhooks queue's URL, both queues' ARNs, and loopback let through the SSRF
 * guard, since local receivers run on this machine (AWS never sets it).
 */
export const startWebhookDelivery = (
  sources: Record<keyof typeof queues, QueueSource>,
  queueUrls: Record<keyof typeof queues, string>,
): WebhookDelivery => {
  Object.assign(process.env, {
    [queueUrlVariable('webhooks')]: queueUrls.webhooks,
    // As the stack gives them: the function tells its queues' records apart by eventSourceARN.
    [queueArnVariable('events')]: queueArn(queues.events.name),
    [queueArnVariable('webhooks')]: queueArn(queues.webhooks.name),
    WATTLE_WEBHOOK_ALLOW_LOOPBACK: 'true',
  });
  const handler = () => loadHandler('webhook-delivery') as unknown as Promise<SqsHandler>;
  const consumers: QueueConsumer[] = (['events', 'webhooks'] as const).map((name) =>
    startQueueConsumer({
      source: sources[name],
      queueArn: queueArn(queues[name].name),
      fn: 'webhook-delivery',
      handler,
      batchSize: deliverySource.batchSize,
      concurrency: deliverySource.maxConcurrency,
    }),
  );
  return {
    stop: async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
    },
  };
};
