import { type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'balance'> = {
  'GET /1/balance': one('Get the balance', o.balanceObject),
};
