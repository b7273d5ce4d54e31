import {
  type Account,
  type AccountKind,
  apiKeyPrefix,
  type BankAccountDetails,
  type Clock,
  type Environment,
  type Ids,
  newBankAccount,
  toTimestamp,
} from '@wattle/domain';
import type { NewApiKey, Store } from '@wattle/store';
import { randomSecret } from './ids.ts';

export interface EnvironmentKeys {
  secretKey: string;
  publishableKey: string;
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
}

export const newKey = (kind: NewApiKey['grant']['kind'], environment: Environment | null): string =>
  `${apiKeyPrefix(kind, environment)}${randomSecret(24)}`;

/** Creates a merchant (with test and live keys) or a partner (with a partner key). */
export const provisionAccount = async (
  store: Store,
  ids: Ids,
  clock: Clock,
  request: AccountRequest,
): Promise<ProvisionedAccount> => {
  const account: Account = {
    id: ids.token('acct'),
    kind: request.kind,
    name: request.name,
    email: request.email,
    status: 'active',
    referredBy: request.referredBy ?? null,
    createdAt: toTimestamp(clock.now()),
    payoutBankAccount: request.payoutBankAccount
      ? newBankAccount(request.payoutBankAccount, ids.token('ba'), toTimestamp(clock.now()))
      : null,
  };
  if (request.kind === 'partner') {
    const partnerKey = newKey('partner', null);
    await store.accounts.create(account, [
      { apiKey: partnerKey, grant: { accountId: account.id, kind: 'partner', environment: null } },
    ]);
    return { account, keys: null, partnerKey };
  }
  const keys = {
    test: { secretKey: newKey('secret', 'test'), publishableKey: newKey('publishable', 'test') },
    live: { secretKey: newKey('secret', 'live'), publishableKey: newKey('publishable', 'live') },
  };
  await store.accounts.create(
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
