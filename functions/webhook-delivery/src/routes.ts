import type { Route } from '@wattle/routes';
import { type FunctionAccess, tableAccess } from '@wattle/routes/access';

/** The webhook-delivery function answers no route: it runs on its two queues' messages. */
export const routes = [] as const satisfies readonly Route[];

/**
 * What the webhook-delivery function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). Receives from its two queues through its event sources; sends the fan-out's
 * delivery requests.
 */
export const access = {
  table: tableAccess.readWrite,
  cardKey: false,
  sendTo: ['webhooks'],
} satisfies FunctionAccess;
