import {
  addMonths,
  bankAccountTokenLifetimeMonths,
  isValidAccountNumber,
  isValidBsb,
  newBankAccount,
  normaliseAccountNumber,
  normaliseBsb,
  presentBankAccount,
  toTimestamp,
} from '@wattle/domain';
import { type RouteHandler, requiredText, resource, scopeOf, validate } from '@wattle/http';
import * as v from 'valibot';

/** POST /bank_accounts fields (SPEC.md): all three required. */
export const bankAccountSchema = v.object({
  name: requiredText(),
  bsb: v.pipe(requiredText(20), v.transform(normaliseBsb), v.check(isValidBsb, 'must be six digits')),
  number: v.pipe(
    requiredText(20),
    v.transform(normaliseAccountNumber),
    v.check(isValidAccountNumber, 'must be 4 to 10 digits'),
  ),
});

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
