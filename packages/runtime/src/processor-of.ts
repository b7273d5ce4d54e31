import type { ProcessorOf } from '@wattle/ports';
import { simulatedPaymentProcessor } from '@wattle/processor';

/**
 * The key the simulator's notification deliveries are signed with: the simulator moves no real
 * money, and its notifications are only ever sent by the local stack and the tests.
 */
export const simulatorNotificationKey = 'wattle-simulator-notifications';

/** The simulator, for every environment (the composition's choice until a real acquirer is configured). */
export const simulatedProcessorOf = (): ProcessorOf => {
  const simulator = simulatedPaymentProcessor({ notificationKey: simulatorNotificationKey });
  return () => simulator;
};
