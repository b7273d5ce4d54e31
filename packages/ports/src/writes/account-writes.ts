import type { Account, ProcessorRouting } from '@wattle/domain';
import { type AccountsStore, depositJobsOf, type NewApiKey } from '../accounts.ts';
import { Missing } from '../outcomes.ts';
import { missing, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The accounts' writes (AccountsStore), once for both engines. */

/** How an engine keeps an API key: only as its hash (the engine's: ports import no hashing). */
export type KeyHash = (apiKey: string) => string;

/** The account and its keys (by their hashes), with a deposit-mode account's daily jobs. */
export const accountCreation = (
  account: Account,
  apiKeys: readonly NewApiKey[],
  hashKey: KeyHash,
): StoreWrite[] => [
  { kind: 'create', ref: { record: 'account', token: account.id }, fields: { account } },
  ...apiKeys.map(
    ({ apiKey, grant }): StoreWrite => ({
      kind: 'create',
      ref: { record: 'api-key', token: hashKey(apiKey) },
      fields: { grant },
    }),
  ),
  ...depositJobsOf(account).map((job): StoreWrite => ({ kind: 'schedule-job', job })),
];

/** The account's routing set, or removed (null), on the account (Missing when there is none). */
export const routingChange = (accountId: string, routing: ProcessorRouting | null): StoreWrite[] => {
  const path = ['account', 'processorRouting'];
  return [
    {
      kind: 'update',
      ref: { record: 'account', token: accountId },
      set: {},
      ...(routing ? { setAt: [{ path, value: routing }] } : { unset: [path] }),
      bump: false,
      when: { exists: true },
      refusal: missing('account', accountId),
    },
  ];
};

/** The scope an account's writes are committed in: its records are named by their token alone. */
export const accountScope = (accountId: string) => ({ accountId, environment: 'live' as const });

/**
 * The accounts' port's writes, on an engine's writer and its way of hashing a key: its repository
 * extends this with its reads.
 */
export abstract class AccountWrites implements Pick<AccountsStore, 'create' | 'setProcessorRouting'> {
  constructor(
    protected readonly writer: StoreWriter,
    protected readonly hashKey: KeyHash,
  ) {}

  async create(account: Account, apiKeys: NewApiKey[]): Promise<void> {
    const writes = accountCreation(account, apiKeys, this.hashKey);
    // Nothing of this write is stamped (no event, no token used): any time does.
    await this.writer.commit(accountScope(account.id), writes, new Date(0));
  }

  async setProcessorRouting(accountId: string, routing: ProcessorRouting | null): Promise<boolean> {
    try {
      await this.writer.commit(accountScope(accountId), routingChange(accountId, routing), new Date(0));
      return true;
    } catch (error) {
      if (error instanceof Missing) return false;
      throw error;
    }
  }
}
