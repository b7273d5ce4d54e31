import { fanOutEvent } from '@wattle/flows';
import { decodeDeliveryMessage } from '@wattle/runtime';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliverWebhook } from './deliver-webhook.ts';
import { type WebhookDeliveryDeps, webhookDeliveryDeps } from './deps.ts';

/** A message of either queue: a delivery request (webhooks queue) or a stream record (events queue). */
const handleMessage = (body: string, deps: WebhookDeliveryDeps): Promise<void> => {
  const message = decodeDeliveryMessage(body);
  return message.kind === 'attempt'
    ? deliverWebhook(message.request, deps)
    : fanOutEvent(deps, message.event);
};

/**
 * The webhook-delivery function: consumes the events queue (fan-out) and the webhooks queue
 * (attempts). Messages of a batch run side by side; the ones that failed are reported, so SQS
 * retries only those and, after the queue's receive limit, moves them to its dead-letter queue. A
 * receiver's refusal is not a failure here: it is recorded on the webhook and retried on schedule.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const deps = webhookDeliveryDeps();
  const batchItemFailures: SQSBatchItemFailure[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await handleMessage(record.body, deps);
      } catch (error) {
        deps.logger.error('A delivery message failed', {
          messageId: record.messageId,
          error: error as Error,
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures };
};
