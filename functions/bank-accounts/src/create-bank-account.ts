import {
  addMonths,
  bankAccountTokenLifetimeMonths,
  newBankAccount,
  presentBankAccount,
  toTimestamp,
} from '@wattle/domain';
import { bankAccountFields, type RouteHandler, resource, scopeOf, validate } from '@wattle/http';
import * as v from 'valibot';

/** POST /bank_accounts fields (SPEC.md): all three required. */
export const bankAccountSchema = v.object(bankAccountFields());

/**
 * POST /bank_accounts: stores the account and answers its single-use token (one recipient), which
 * expires a month later. The account number is sealed; responses show only its last three digits.
 */
export const createBankAccount: RouteHandler = async (request, { store, clock, ids }) => {
  const now = clock.now();
  const details = validate(bankAccountSchema, request.body);
  const account = newBankAccount(details, ids.token('ba'), toTimestamp(now));
  const scope = scopeOf(request);
  const sealed = await store.bankAccountTokens.seal(scope, account, details.number);
  await store.bankAccountTokens.put(scope, sealed, addMonths(now, bankAccountTokenLifetimeMonths));
  return resource(201, presentBankAccount(account), { ip_address: request.sourceIp });
};
