import {
  type Account,
  type AccountKind,
  type BankAccountDetails,
  type Environment,
  newBankAccount,
  toTimestamp,
} from '@wattle/domain';
import type { AccountsStore, Clock, Ids, Secrets } from '@wattle/ports';
import { type EnvironmentKeys, type GivenMerchantKeys, newApiKey, newMerchantKeys } from './api-keys.ts';

export interface ProvisionAccountDeps {
  accounts: AccountsStore;
  ids: Ids;
  clock: Clock;
  secrets: Secrets;
}

export interface ProvisionedAccount {
  account: Account;
  /** Merchants: a secret and a publishable key per environment. Shown once: only hashes are kept. */
  keys: Record<Environment, EnvironmentKeys> | null;
  /** Partners: the partner key. Shown once. */
  partnerKey: string | null;
}

export interface AccountRequest {
  kind: AccountKind;
  name: string;
  email: string;
  referredBy?: string | null;
  /** Where the merchant's `recipient=self` transfers go. */
  payoutBankAccount?: BankAccountDetails | null | undefined;
  /** false: a merchant paid out by daily deposits into its bank account instead of transfers. */
  transfersEnabled?: boolean | undefined;
  /**
   * The account's id and keys where they are chosen rather than made: the local stack's seeded
   * accounts, with the fixed keys a project's tests use, and as they were before a reset.
   */
  given?: { accountId?: string | undefined; keys?: GivenMerchantKeys; partnerKey?: string | undefined };
}

/** Creates a merchant (with test and live keys) or a partner (with a partner key). */
export const provisionAccount = async (
  { accounts, ids, clock, secrets }: ProvisionAccountDeps,
  request: AccountRequest,
): Promise<ProvisionedAccount> => {
  const account: Account = {
    id: request.given?.accountId ?? ids.token('acct'),
    kind: request.kind,
    name: request.name,
    email: request.email,
    status: 'active',
    referredBy: request.referredBy ?? null,
    createdAt: toTimestamp(clock.now()),
    payoutBankAccount: request.payoutBankAccount
      ? newBankAccount(request.payoutBankAccount, ids.token('ba'), toTimestamp(clock.now()))
      : null,
    ...(request.transfersEnabled === false ? { transfersEnabled: false } : {}),
  };
  if (request.kind === 'partner') {
    const partnerKey = request.given?.partnerKey ?? newApiKey(secrets, 'partner', null);
    await accounts.create(account, [
      { apiKey: partnerKey, grant: { accountId: account.id, kind: 'partner', environment: null } },
    ]);
    return { account, keys: null, partnerKey };
  }
  const keys = newMerchantKeys(secrets, request.given?.keys);
  await accounts.create(
    account,
    (['test', 'live'] as const).flatMap((environment) => [
      { apiKey: keys[environment].secretKey, grant: { accountId: account.id, kind: 'secret', environment } },
      {
        apiKey: keys[environment].publishableKey,
        grant: { accountId: account.id, kind: 'publishable', environment },
      },
    ]),
  );
  return { account, keys, partnerKey: null };
};
