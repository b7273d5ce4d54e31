import { fieldIssue, PinError } from '@wattle/domain';
import { updateRecipient } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { presentRecipient, updateRecipientSchema, validate } from '@wattle/wire';
import { sourceOf } from './bank-account-source.ts';
import type { RecipientsDeps } from './deps.ts';

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
