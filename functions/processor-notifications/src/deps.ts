import { functionDeps } from '@wattle/runtime';
import {
  deadline,
  disputes,
  payments,
  processorNotifications,
  processorOf,
  refunds,
} from '@wattle/runtime/parts';

/** What the processor-notifications function uses: its bundle holds these parts and no other. */
export const processorNotificationsDeps = functionDeps({
  processorNotifications,
  processorOf,
  deadline,
  payments,
  refunds,
  disputes,
});

export type ProcessorNotificationsDeps = ReturnType<typeof processorNotificationsDeps>;
