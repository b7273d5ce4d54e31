import type { Environment, PaymentProcessor, ProcessorNotification } from '@wattle/domain';

/**
 * The acquirer of an environment: test always has the simulator; live has the processor the
 * deployment chose (the simulator, or Adyen when it is configured). The flows ask for it by the
 * scope they act in, so test and live never share a processor.
 */
export type ProcessorOf = (scope: { environment: Environment }) => PaymentProcessor;

/**
 * What became of a notification recorded on arrival:
 * - new: first seen, or seen before without being applied to the end (a crash, a failure):
 *   apply it (the flow is idempotent per notification);
 * - applied: applied already: acknowledge it again, change nothing.
 */
export type NotificationReceipt = 'new' | 'applied';

/**
 * The processor's notifications as they arrived, each kept once by its id (which the processor's
 * resends keep) with whether it has been applied: a resend of an applied one changes nothing.
 */
export interface ProcessorNotificationsStore {
  receive(
    environment: Environment,
    processor: string,
    notification: ProcessorNotification,
    now: Date,
  ): Promise<NotificationReceipt>;
  markApplied(environment: Environment, processor: string, id: string, now: Date): Promise<void>;
}
