import type { Route } from '@wattle/routes';
import type { FunctionAccess } from '@wattle/routes/access';

/** The expired-items function answers no route: it runs on the table stream's expiries. */
export const routes = [] as const satisfies readonly Route[];

/**
 * What the expired-items function may touch: the CDK stack grants it exactly this
 * (infra/stack.ts). Reads the table stream (its event source mapping); writes only the count of an
 * expired item and the mark that it was counted, in one transaction.
 */
export const access = {
  table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  cardKey: false,
} satisfies FunctionAccess;
