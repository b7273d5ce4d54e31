import type { PaymentProcessor } from '@wattle/domain';
import type { AccountProcessor, ProcessorOf } from '@wattle/ports';
import { simulatedPaymentProcessor } from '@wattle/processor';
import { simulatorAccount } from '@wattle/routes';

/**
 * The key the simulator's notification deliveries are signed with: the simulator moves no real
 * money, and its notifications are only ever sent by the local stack and the tests.
 */
export const simulatorNotificationKey = 'wattle-simulator-notifications';

/** `processor` as the account `account`'s: everything else is the processor's own (its symbols too). */
export const onAccount = (account: string, processor: PaymentProcessor): AccountProcessor => ({
  ...processor,
  account,
});

/** The simulator, for every environment (the composition's choice until a real acquirer is configured). */
export const simulatedProcessorOf = (): ProcessorOf => {
  const simulator = onAccount(
    simulatorAccount,
    simulatedPaymentProcessor({ notificationKey: simulatorNotificationKey }),
  );
  return () => simulator;
};
