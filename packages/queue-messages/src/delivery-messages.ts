import type { DeliveryRequest, ScopedEvent } from '@wattle/ports';
import { eventOfStreamRecord } from '@wattle/store';
import { parseDeliveryMessage } from '@wattle/webhooks';

/**
 * What a message on one of the delivery function's queues asks for: one webhook attempt (the
 * webhooks queue, in the SQS adapter's format) or the fan-out of an event (the events queue: a
 * table stream record, in the store's format). The formats belong to the adapters; this is where
 * they meet. Which queue a message came from is its record's to say, not its body's.
 */
export type DeliveryMessage =
  | { kind: 'attempt'; request: DeliveryRequest }
  | { kind: 'event'; event: ScopedEvent };

/**
 * The message of a record from `queue`, the queue its `eventSourceARN` names: a webhooks-queue
 * message that is no delivery request is an error (the message fails, and ends in the queue's
 * dead-letter queue after its receive limit).
 */
export const deliveryMessageOf = (queue: 'events' | 'webhooks', body: string): DeliveryMessage => {
  if (queue === 'events') return { kind: 'event', event: eventOfStreamRecord(body) };
  const request = parseDeliveryMessage(body);
  if (!request) throw new Error('A webhooks queue message that is no delivery request');
  return { kind: 'attempt', request };
};
