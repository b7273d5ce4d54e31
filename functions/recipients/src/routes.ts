import {
  type BankAccountDetails,
  fieldIssue,
  PinError,
  presentRecipient,
  presentTransfer,
} from '@wattle/domain';
import {
  type BankAccountSource,
  createRecipient,
  deleteRecipient,
  getRecipient,
  listRecipients,
  listRecipientTransfers,
  updateRecipient,
} from '@wattle/flows';
import {
  exactlyOneOf,
  listOf,
  noContent,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
  validate,
} from '@wattle/http';
import type { RecipientsDeps } from './deps.ts';
import { createRecipientSchema, updateRecipientSchema } from './schemas.ts';

/** The bank account given: its details, a bank account token, or neither. */
const sourceOf = (input: {
  bank_account?: BankAccountDetails | undefined;
  bank_account_token?: string | undefined;
}): BankAccountSource | null => {
  if (input.bank_account) return { details: input.bank_account };
  return input.bank_account_token ? { token: input.bank_account_token } : null;
};

/** POST /recipients: email, optional name, and a bank account (object or token, exactly one). */
export const createRecipientRoute: RouteHandler<RecipientsDeps> = async (request, deps) => {
  const input = validate(createRecipientSchema, request.body, {
    also: exactlyOneOf(request.body, ['bank_account', 'bank_account_token']),
  });
  const recipient = await createRecipient(deps, scopeOf(request), {
    email: input.email,
    name: input.name,
    // exactlyOneOf refused a request with neither.
    bankAccount: sourceOf(input)!,
  });
  return resource(201, presentRecipient(recipient));
};

export const getRecipientRoute: RouteHandler<RecipientsDeps, 'GET /1/recipients/{recipient_token}'> = async (
  request,
  deps,
) =>
  resource(200, presentRecipient(await getRecipient(deps, scopeOf(request), request.params.recipient_token)));

export const listRecipientsRoute: RouteHandler<RecipientsDeps> = async (request, deps) => {
  const page = pageOf(request.query);
  return listOf('full', page, await listRecipients(deps, scopeOf(request), page), presentRecipient);
};

/** DELETE /recipients/{token}: 204; the transfers already paid to it keep its bank account. */
export const deleteRecipientRoute: RouteHandler<
  RecipientsDeps,
  'DELETE /1/recipients/{recipient_token}'
> = async (request, deps) => {
  await deleteRecipient(deps, scopeOf(request), request.params.recipient_token);
  return noContent();
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

/** PUT /recipients/{token}: email, name, and a new bank account (object or token), all optional. */
export const updateRecipientRoute: RouteHandler<
  RecipientsDeps,
  'PUT /1/recipients/{recipient_token}'
> = async (request, deps) => {
  if (request.body.bank_account !== undefined && request.body.bank_account_token !== undefined) {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('bank_account_token', 'cannot be given together with bank account')],
    });
  }
  const input = validate(updateRecipientSchema, request.body);
  const recipient = await updateRecipient(deps, scopeOf(request), request.params.recipient_token, {
    email: input.email,
    name: input.name,
    bankAccount: sourceOf(input),
  });
  return resource(200, presentRecipient(recipient));
};
