import type { SQSClient } from '@aws-sdk/client-sqs';
import type { DeliveryQueue, DeliveryRequest } from '@wattle/ports';

export const deliveryMessageBody = (request: DeliveryRequest): string =>
  JSON.stringify({
    accountId: request.scope.accountId,
    environment: request.scope.environment,
    webhookToken: request.webhookToken,
  });

/** The request in a message body, or null when the body is not one. */
export const parseDeliveryMessage = (body: string): DeliveryRequest | null => {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { accountId, environment, webhookToken } = message ?? {};
  if (typeof accountId !== 'string' || typeof webhookToken !== 'string') return null;
  if (environment !== 'test' && environment !== 'live') return null;
  return { scope: { accountId, environment }, webhookToken };
};

/**
 * The webhooks queue on SQS, which the delivery function consumes. A request may arrive more than
 * once; the delivery makes only the attempt due, so a duplicate does nothing.
 */
export class SqsDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(requests: readonly DeliveryRequest[]): Promise<void> {
    // Imported on first use, as the client is (runtime's aws-clients.ts): only senders evaluate it.
    const { SendMessageBatchCommand } = await import('./sqs-commands.ts');
    for (let i = 0; i < requests.length; i += 10) {
      const batch = requests.slice(i, i + 10);
      const result = await this.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: batch.map((request, n) => ({ Id: String(n), MessageBody: deliveryMessageBody(request) })),
        }),
      );
      if (result.Failed?.length) throw new Error(`SQS refused ${result.Failed.length} delivery request(s)`);
    }
  }
}
