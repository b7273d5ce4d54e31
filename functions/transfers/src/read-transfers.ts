import { getTransfer, listTransferLineItems, listTransfers, transfersBetween } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf, search } from '@wattle/http';
import { presentLineItem, presentTransfer } from '@wattle/wire';
import type { TransfersDeps } from './deps.ts';

export const getTransferRoute: RouteHandler<TransfersDeps, 'GET /1/transfers/{transfer_token}'> = async (
  request,
  deps,
) => resource(200, presentTransfer(await getTransfer(deps, scopeOf(request), request.params.transfer_token)));

export const listTransfersRoute: RouteHandler<TransfersDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listTransfers(deps, scopeOf(request), page), presentTransfer);
};

/**
 * GET /transfers/search: as GET /charges/search, over transfers, `query` matching the
 * description or the recipient's e-mail or name, as Pin's does.
 */
export const searchTransfers: RouteHandler<TransfersDeps> = async (request, deps) => {
  const scope = scopeOf(request);
  const { page, ...found } = await search(
    request.query,
    (from, to, limit) => transfersBetween(deps, scope, from, to, limit),
    (transfer) => [transfer.description, ...transfer.recipientTexts],
  );
  return listOf('full', page, found, presentTransfer);
};

/** GET /transfers/{token}/line_items: the charges it paid out (and its fee), in payout order. */
export const listLineItems: RouteHandler<
  TransfersDeps,
  'GET /1/transfers/{transfer_token}/line_items'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const items = await listTransferLineItems(deps, scopeOf(request), request.params.transfer_token, page);
  return listOf('full', page, items, presentLineItem);
};
