import { functionDeps } from '@wattle/runtime';
import {
  accounts,
  balance,
  cardTokens,
  customers,
  deadline,
  deliveryQueue,
  deposits,
  disputes,
  events,
  paymentSources,
  payments,
  plans,
  processorOf,
  refunds,
  schedule,
  subscriptions,
  transfers,
  webhookEndpoints,
  webhooks,
} from '@wattle/runtime/parts';

/** What the scheduler function uses: its bundle holds these parts and no other. */
export const schedulerDeps = functionDeps({
  accounts,
  balance,
  cardTokens,
  customers,
  deliveryQueue,
  deposits,
  disputes,
  events,
  paymentSources,
  payments,
  plans,
  processorOf,
  deadline,
  refunds,
  schedule,
  subscriptions,
  transfers,
  webhookEndpoints,
  webhooks,
});

export type SchedulerDeps = ReturnType<typeof schedulerDeps>;
