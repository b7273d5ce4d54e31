/**
 * The service's queues, declared once for the CDK stack and the local stack. Every queue has a
 * dead-letter queue named `<name>-dlq` that takes a message after `maxReceiveCount` receives.
 */
export interface QueueDefinition {
  name: string;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
}

/**
 * How the delivery function consumes each queue (the SQS event source, in AWS and locally):
 * batches of up to `batchSize` messages, at most `maxConcurrency` batches at once per queue, so a
 * burst of events can neither take every Lambda of the account nor flood receivers.
 */
export const deliverySource = { batchSize: 10, maxConcurrency: 10 } as const;

export const queues = {
  /** Event items from the table stream (the outbox), on their way to webhook delivery. */
  events: { name: 'wattle-events', visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
  /**
   * One message per delivery attempt owed (first attempts, retries that fell due, replays). Its
   * visibility timeout outlasts the delivery function's deadline and the webhook's 30 s lease.
   */
  webhooks: { name: 'wattle-webhooks', visibilityTimeoutSeconds: 60, maxReceiveCount: 5 },
} as const satisfies Record<string, QueueDefinition>;

export const deadLetterQueueName = (queue: QueueDefinition): string => `${queue.name}-dlq`;

/** The environment variable that gives a function the URL of a queue it sends to. */
export const queueUrlVariable = (queue: keyof typeof queues): string =>
  `WATTLE_${queue.toUpperCase()}_QUEUE_URL`;

/**
 * The environment variable that gives a function consuming a queue that queue's ARN: the delivery
 * function tells its two queues' messages apart by their records' `eventSourceARN`.
 */
export const queueArnVariable = (queue: keyof typeof queues): string =>
  `WATTLE_${queue.toUpperCase()}_QUEUE_ARN`;
