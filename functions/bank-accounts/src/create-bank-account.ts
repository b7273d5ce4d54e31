import { presentBankAccount } from '@wattle/domain';
import { createBankAccount } from '@wattle/flows';
import { bankAccountFields, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import * as v from 'valibot';

/** POST /bank_accounts fields (SPEC.md): all three required. */
export const bankAccountSchema = v.object(bankAccountFields());

/** POST /bank_accounts: 201 with the account's single-use token; only its last three digits show. */
export const createBankAccountRoute: RouteHandler = async (request, deps) => {
  const details = validate(bankAccountSchema, request.body);
  const account = await createBankAccount(deps, scopeOf(request), details);
  return resource(201, presentBankAccount(account), { ip_address: request.sourceIp });
};
