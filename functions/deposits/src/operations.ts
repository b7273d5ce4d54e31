import { list, type OperationsOf, one } from '@wattle/openapi/operation';
import * as o from '@wattle/wire';

/** The OpenAPI operations of its routes, by route key: packages/openapi builds the document from them. */
export const operations: OperationsOf<'deposits'> = {
  'GET /1/deposits': list('List deposits', o.depositObject),
  'GET /1/deposits/{deposit_token}': one('Get a deposit', o.depositObject),
};
