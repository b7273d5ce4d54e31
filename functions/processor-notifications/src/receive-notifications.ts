import { applyProcessorNotification } from '@wattle/flows';
import type { ProcessorAnswer, ProcessorRouteHandler } from '@wattle/http';
import { readyProcessor } from '@wattle/runtime';
import type { ProcessorNotificationsDeps } from './deps.ts';

const answer = (status: number, body: string): ProcessorAnswer => ({
  status,
  contentType: 'text/plain',
  body,
});

/**
 * POST /adyen/notifications: a delivery of Adyen's standard webhooks to the environment whose
 * processor is Adyen (another environment answers 404). Verified through the port (every item's
 * HMAC signature, or nothing is taken: 401, and Adyen sends it again); then each notification is
 * recorded once by its id, applied unless an earlier delivery applied it, and marked applied; the
 * answer is what Adyen expects (`[accepted]`), for a resend as for the first. A failure on our
 * side answers 5xx, so Adyen sends the delivery again, and what was applied stays applied.
 */
export const receiveAdyenNotifications: ProcessorRouteHandler<ProcessorNotificationsDeps> = async (
  request,
  deps,
) => {
  const processor = await readyProcessor(deps.processorOf(request));
  if (processor.name !== 'adyen') return answer(404, 'Not found');
  const reading = processor.readNotifications({ headers: request.headers, body: request.body });
  if (reading.verdict === 'refused') {
    deps.logger.warn("Refused a delivery of the processor's notifications", { reason: reading.reason });
    return answer(401, reading.reason);
  }
  for (const notification of reading.notifications) {
    const receipt = await deps.processorNotifications.receive(
      request.environment,
      processor.name,
      notification,
      deps.clock.now(),
    );
    if (receipt === 'applied') continue;
    // The payment's, refund's or dispute's change (idempotent: a racing resend changes nothing).
    const applied = await applyProcessorNotification(deps, request.environment, notification);
    if (applied === 'not_ours')
      deps.logger.warn('A processor notification for no payment or refund of ours', {
        id: notification.id,
        kind: notification.kind,
        reference: notification.reference,
      });
    await deps.processorNotifications.markApplied(
      request.environment,
      processor.name,
      notification.id,
      deps.clock.now(),
    );
  }
  return reading.reply;
};
