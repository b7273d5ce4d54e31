import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/** The scheduler function answers no route: it runs on its schedule (every minute). */
export const routes = [] as const satisfies readonly Route[];

/**
 * What the scheduler function may touch: the CDK stack grants it exactly this (infra/stack.ts).
 * Billing charges stored cards, so the scheduler opens card numbers; webhook retries that fall due
 * go to the delivery queue.
 */
export const access = {
  table: tableAccess.payingOut,
  cardKey: true,
  sendTo: ['webhooks'],
  processor: true,
} satisfies FunctionAccess;
