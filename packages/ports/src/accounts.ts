import {
  type Account,
  type ApiKeyGrant,
  environments,
  nextDepositRun,
  type ProcessorRouting,
  usesDeposits,
} from '@wattle/domain';
import { jobKinds, type ScheduledJob } from './schedule.ts';

/**
 * The jobs an account starts with: a deposit-mode account's daily deposit job, one per
 * environment, from the first daily run after its creation; none for another account.
 */
export const depositJobsOf = (
  account: Pick<Account, 'id' | 'createdAt' | 'transfersEnabled'>,
): ScheduledJob[] =>
  usesDeposits(account)
    ? environments.map((environment) => ({
        kind: jobKinds.dailyDeposit,
        scope: { accountId: account.id, environment },
        token: account.id,
        dueAt: nextDepositRun(new Date(account.createdAt)),
      }))
    : [];

export interface NewApiKey {
  /** The key in clear: the store keeps only its hash. */
  apiKey: string;
  grant: ApiKeyGrant;
}

/** Merchants' and partners' accounts, and the API keys that act for them. */
export interface AccountsStore {
  /** The account and all its keys, together. */
  create(account: Account, apiKeys: NewApiKey[]): Promise<void>;
  get(accountId: string): Promise<Account | null>;
  /** What a presented key may do, or null for a key that does not exist. */
  grantFor(apiKey: string): Promise<ApiKeyGrant | null>;
  /**
   * Sets (null: removes) which processor accounts the account's live payments go to; false when
   * there is no such account. New payments follow it; each earlier one keeps its own account.
   */
  setProcessorRouting(accountId: string, routing: ProcessorRouting | null): Promise<boolean>;
}
