import type { DeliveryRequest, ScopedEvent } from '@wattle/ports';
import { eventOfStreamRecord } from '@wattle/store';
import { parseDeliveryMessage } from '@wattle/webhooks';

/**
 * What a message on one of the delivery function's queues asks for: one webhook attempt (the
 * webhooks queue, in the SQS adapter's format) or the fan-out of an event (the events queue: a
 * table stream record, in the store's format). The formats belong to the adapters; this is where
 * they meet.
 */
export type DeliveryMessage =
  | { kind: 'attempt'; request: DeliveryRequest }
  | { kind: 'event'; event: ScopedEvent };

export const decodeDeliveryMessage = (body: string): DeliveryMessage => {
  const request = parseDeliveryMessage(body);
  return request ? { kind: 'attempt', request } : { kind: 'event', event: eventOfStreamRecord(body) };
};
