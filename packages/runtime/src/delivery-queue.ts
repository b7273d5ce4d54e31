import { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryQueue } from '@wattle/ports';
import { queueUrlVariable } from '@wattle/routes';
import { SqsDeliveryQueue } from '@wattle/webhooks';

let queue: DeliveryQueue | undefined;

/**
 * The webhooks queue of a function that asks for deliveries (replays, retries, the event fan-out),
 * from WATTLE_WEBHOOKS_QUEUE_URL, built once. The client takes its endpoint from the SDK's settings
 * (AWS_ENDPOINT_URL_SQS locally), not from the queue URL, whose fauxqs host does not resolve.
 */
export const deliveryQueue = (env: NodeJS.ProcessEnv = process.env): DeliveryQueue => {
  if (queue) return queue;
  const variable = queueUrlVariable('webhooks');
  const queueUrl = env[variable];
  if (!queueUrl) throw new Error(`${variable} is not set`);
  queue = new SqsDeliveryQueue(new SQSClient({ useQueueUrlAsEndpoint: false }), queueUrl);
  return queue;
};

/**
 * The queue as a function's dependency: built on first use, so a function that never asks for a
 * delivery runs without the queue's variable.
 */
export const lazyDeliveryQueue = (env: NodeJS.ProcessEnv = process.env): DeliveryQueue => ({
  send: (requests) => deliveryQueue(env).send(requests),
});
