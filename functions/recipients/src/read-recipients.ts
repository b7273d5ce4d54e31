import { getRecipient, listRecipients, listRecipientTransfers } from '@wattle/flows';
import { listOf, pageOf, type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentRecipient, presentTransfer } from '@wattle/wire';
import type { RecipientsDeps } from './deps.ts';

export const getRecipientRoute: RouteHandler<RecipientsDeps, 'GET /1/recipients/{recipient_token}'> = async (
  request,
  deps,
) =>
  resource(200, presentRecipient(await getRecipient(deps, scopeOf(request), request.params.recipient_token)));

export const listRecipientsRoute: RouteHandler<RecipientsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listRecipients(deps, scopeOf(request), page), presentRecipient);
};

/** GET /recipients/{token}/transfers: the transfers paid to one recipient, newest first. */
export const listRecipientTransfersRoute: RouteHandler<
  RecipientsDeps,
  'GET /1/recipients/{recipient_token}/transfers'
> = async (request, deps) => {
  const page = pageOf(request.query);
  const transfers = await listRecipientTransfers(
    deps,
    scopeOf(request),
    request.params.recipient_token,
    page,
  );
  return listOf('full', page, transfers, presentTransfer);
};
