import { functionDeps } from '@wattle/runtime';
import { processorNotifications, processorOf } from '@wattle/runtime/parts';

/** What the processor-notifications function uses: its bundle holds these parts and no other. */
export const processorNotificationsDeps = functionDeps({ processorNotifications, processorOf });

export type ProcessorNotificationsDeps = ReturnType<typeof processorNotificationsDeps>;
