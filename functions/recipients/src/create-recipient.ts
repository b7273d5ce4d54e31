import { createRecipient } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { createRecipientSchema, exactlyOneOf, presentRecipient, validate } from '@wattle/wire';
import { sourceOf } from './bank-account-source.ts';
import type { RecipientsDeps } from './deps.ts';

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
