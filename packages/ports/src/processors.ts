import type { Environment, PaymentProcessor, ProcessorNotification } from '@wattle/domain';

/**
 * A processor account's processor: the connector's PaymentProcessor (`name`: the connector, as
 * `simulator`) under the account's name (`adyen-au`, `adyen`, `simulator`): what a payment records
 * as the account it was made on.
 */
export interface AccountProcessor extends PaymentProcessor {
  readonly account: string;
}

/**
 * Which processor account does the work of a scope. `account` names the one a payment or refund
 * recorded (Payment.processorAccount): every later call about it (capture, void, refund, the
 * recovery of an unknown outcome, its notifications) goes to that account, whatever the
 * deployment's default is now. Absent, the environment's default: test's is always the simulator;
 * live's is the account the deployment names its default (the simulator until one is configured).
 * A payment recorded before payments named their account is the live default's (the deployment
 * had one processor then). Naming an account the deployment does not have throws: the work is
 * tried again later, never sent elsewhere.
 */
export type ProcessorOf = (scope: {
  environment: Environment;
  account?: string | undefined;
}) => AccountProcessor;

/**
 * The processor of a payment or refund (its recorded account, or the environment's default when
 * it has none: see ProcessorOf).
 */
export const processorOfRecord = (
  processorOf: ProcessorOf,
  environment: Environment,
  record: { processorAccount?: string | undefined },
): AccountProcessor => processorOf({ environment, account: record.processorAccount });

/**
 * Whether the deployment has the account `account` in `environment` (ProcessorOf throws for one it
 * does not): a merchant's routing may still name an account the deployment stopped declaring.
 */
export const hasAccount = (processorOf: ProcessorOf, environment: Environment, account: string): boolean => {
  try {
    processorOf({ environment, account });
    return true;
  } catch {
    return false;
  }
};

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
