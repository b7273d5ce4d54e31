import type { DeliveryQueue } from '@wattle/ports';
import { queueUrlVariable } from '@wattle/routes';
import { sqsDeliveryQueue } from './aws-clients.ts';

let queue: Promise<DeliveryQueue> | undefined;

/**
 * The webhooks queue of a function that asks for deliveries (replays, retries, the event fan-out),
 * from WATTLE_WEBHOOKS_QUEUE_URL, built once, on first use.
 */
export const deliveryQueue = (env: NodeJS.ProcessEnv = process.env): Promise<DeliveryQueue> => {
  if (queue) return queue;
  const variable = queueUrlVariable('webhooks');
  const queueUrl = env[variable];
  if (!queueUrl) throw new Error(`${variable} is not set`);
  queue = sqsDeliveryQueue(queueUrl);
  return queue;
};

/**
 * The queue as a function's dependency: built on first use, so a function that never asks for a
 * delivery runs without the queue's variable (and without the SQS client: bundled-clients.ts).
 */
export const lazyDeliveryQueue = (env: NodeJS.ProcessEnv = process.env): DeliveryQueue => ({
  send: async (requests) => (await deliveryQueue(env)).send(requests),
});
