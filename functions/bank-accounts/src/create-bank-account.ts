import { createBankAccount } from '@wattle/flows';
import { type RouteHandler, resource, scopeOf } from '@wattle/http';
import { bankAccountSchema, presentBankAccount, validate } from '@wattle/wire';
import type { BankAccountsDeps } from './deps.ts';

/** POST /bank_accounts: 201 with the account's single-use token; only its last three digits show. */
export const createBankAccountRoute: RouteHandler<BankAccountsDeps> = async (request, deps) => {
  const details = validate(bankAccountSchema, request.body);
  const account = await createBankAccount(deps, scopeOf(request), details);
  return resource(201, presentBankAccount(account), { ip_address: request.sourceIp });
};
