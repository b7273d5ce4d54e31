import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { fanOutEvent } from '@wattle/flows';
import { eventHandler } from '@wattle/http';
import { deliveryMessageOf } from '@wattle/queue-messages';
import { queueArnVariable } from '@wattle/routes';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { deliverAndLog } from './deliver-and-log.ts';
import { type WebhookDeliveryDeps, webhookDeliveryDeps } from './deps.ts';

/**
 * The queue a record came from, by its `eventSourceARN` against the ARNs the stack gives the
 * function (WATTLE_EVENTS_QUEUE_ARN, WATTLE_WEBHOOKS_QUEUE_ARN).
 */
const queueOf = (record: SQSRecord, env: NodeJS.ProcessEnv = process.env): 'events' | 'webhooks' => {
  for (const queue of ['events', 'webhooks'] as const)
    if (record.eventSourceARN === env[queueArnVariable(queue)]) return queue;
  throw new Error(`A message from a queue this function does not consume: ${record.eventSourceARN}`);
};

/** One message: a delivery attempt (webhooks queue) or an event's fan-out (events queue). */
const handleRecord = (deps: WebhookDeliveryDeps) => async (record: SQSRecord) => {
  try {
    const message = deliveryMessageOf(queueOf(record), record.body);
    await (message.kind === 'attempt'
      ? deliverAndLog(message.request, deps)
      : fanOutEvent(deps, message.event));
  } catch (error) {
    deps.logger.error('A delivery message failed', { messageId: record.messageId, error: error as Error });
    throw error;
  }
};

const processor = new BatchProcessor(EventType.SQS);

/**
 * The webhook-delivery function: consumes the events queue (fan-out) and the webhooks queue
 * (attempts). Messages of a batch run side by side; the ones that failed are reported (Powertools'
 * batch processing, a failed batch too), so SQS retries only those and, after the queue's receive
 * limit, moves them to its dead-letter queue. A receiver's refusal is not a failure here: it is
 * recorded on the webhook and retried on schedule.
 */
export const handler = eventHandler<SQSEvent, SQSBatchResponse, WebhookDeliveryDeps>(
  webhookDeliveryDeps,
  (event, deps, context) =>
    processPartialResponse(event, handleRecord(deps), processor, { context, throwOnFullBatchFailure: false }),
);
