import type { ProcessorNotification } from '@wattle/domain';
import type { Logger } from '@wattle/ports';

/**
 * Applies one verified notification of the processor to Wattle's records: the payment's or
 * refund's state, a dispute. Until the flows take the processor's outcomes, a notification is
 * recorded (receive-notifications.ts) and logged here, and changes nothing else; the flow that
 * applies it takes this function's place, with the same arguments (deps, notification), idempotent
 * per notification as this is.
 */
export const applyProcessorNotification = async (
  deps: { logger: Logger },
  notification: ProcessorNotification,
): Promise<void> => {
  deps.logger.info('Recorded a processor notification', {
    id: notification.id,
    kind: notification.kind,
    success: notification.success,
    reference: notification.reference,
  });
};
