import { deleteRecipient } from '@wattle/flows';
import { noContent, type RouteHandler, scopeOf } from '@wattle/http';
import type { RecipientsDeps } from './deps.ts';

/** DELETE /recipients/{token}: 204; the transfers already paid to it keep its bank account. */
export const deleteRecipientRoute: RouteHandler<
  RecipientsDeps,
  'DELETE /1/recipients/{recipient_token}'
> = async (request, deps) => {
  await deleteRecipient(deps, scopeOf(request), request.params.recipient_token);
  return noContent();
};
