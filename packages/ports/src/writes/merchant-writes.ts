import {
  type Account,
  approvableStatuses,
  type Merchant,
  type Scope,
  type WattleEvent,
} from '@wattle/domain';
import type { NewApiKey } from '../accounts.ts';
import type { MerchantsStore, NewMerchant, StoredMerchant } from '../merchants.ts';
import { accountCreation, type KeyHash } from './account-writes.ts';
import { changed, type ListRef, listSortKey, type StoreWrite, type StoreWriter } from './store-writes.ts';

/** The referred merchants' writes (MerchantsStore), once for both engines. */

const referrals = (partnerId: string): ListRef => ({ list: 'referrals', of: partnerId });

/** Where a merchant's own events go: its live environment (its application is a live matter). */
export const merchantEventScope = (merchant: Merchant): Scope => ({
  accountId: merchant.accountId,
  environment: 'live',
});

/**
 * An application event, in the merchant's live events and in its partner's (live): the partner
 * follows its referrals there, a declined merchant's included, whose keys never work.
 */
const applicationEvents = (merchant: Merchant, event: WattleEvent): StoreWrite[] => [
  { kind: 'event', event, scope: merchantEventScope(merchant) },
  { kind: 'event', event, scope: { accountId: merchant.partnerId, environment: 'live' } },
];

/**
 * The merchant with its account and keys, in its partner's referrals, with its event; the
 * suspended (live) keys' hashes kept for the activation.
 */
export const merchantCreation = (
  made: NewMerchant,
  account: Account,
  apiKeys: readonly NewApiKey[],
  event: WattleEvent,
  now: Date,
  hashKey: KeyHash,
): StoreWrite[] => {
  const { merchant } = made;
  const stored: StoredMerchant = {
    ...made,
    liveKeyHashes: apiKeys.filter((key) => key.grant.suspended).map((key) => hashKey(key.apiKey)),
  };
  return [
    ...accountCreation(account, apiKeys, hashKey),
    {
      kind: 'create',
      ref: { record: 'merchant', token: merchant.token },
      fields: { ...stored },
      listed: [{ in: referrals(merchant.partnerId), sortKey: listSortKey(now, merchant.token) }],
    },
    { kind: 'count', list: referrals(merchant.partnerId), by: 1 },
    ...applicationEvents(merchant, event),
  ];
};

/**
 * The review's outcome: the merchant as reviewed, while it is still under review (Changed when
 * another review came first), and its account's status.
 */
const reviewOutcome = (reviewed: Merchant, accountStatus: Account['status']): StoreWrite[] => [
  {
    kind: 'update',
    ref: { record: 'merchant', token: reviewed.token },
    set: { merchant: reviewed },
    bump: false,
    when: { oneOf: { path: ['merchant', 'status'], values: approvableStatuses } },
    refusal: changed('merchant', reviewed.token),
  },
  {
    kind: 'update',
    ref: { record: 'account', token: reviewed.accountId },
    set: {},
    setAt: [{ path: ['account', 'status'], value: accountStatus }],
    bump: false,
    when: {},
  },
];

/** The merchant approved, its account active and its live keys working, with its event. */
export const merchantActivation = (
  stored: StoredMerchant,
  active: Merchant,
  event: WattleEvent,
): StoreWrite[] => [
  ...reviewOutcome(active, 'active'),
  ...stored.liveKeyHashes.map(
    (keyHash): StoreWrite => ({
      kind: 'update',
      ref: { record: 'api-key', token: keyHash },
      set: {},
      unset: [['grant', 'suspended']],
      bump: false,
      when: {},
    }),
  ),
  ...applicationEvents(active, event),
];

/**
 * The merchants' port's writes, on an engine's writer and its way of hashing a key: its
 * repository extends this with its reads.
 */
export abstract class MerchantWrites implements Pick<MerchantsStore, 'create' | 'activate' | 'review'> {
  constructor(
    protected readonly writer: StoreWriter,
    protected readonly hashKey: KeyHash,
  ) {}

  async create(made: NewMerchant, account: Account, apiKeys: NewApiKey[], event: WattleEvent, now: Date) {
    const writes = merchantCreation(made, account, apiKeys, event, now, this.hashKey);
    await this.writer.commit(merchantEventScope(made.merchant), writes, now);
  }

  /** Throws Changed when the merchant is not under review any more (another activation came first). */
  async activate(stored: StoredMerchant, active: Merchant, event: WattleEvent, now: Date): Promise<void> {
    await this.writer.commit(merchantEventScope(active), merchantActivation(stored, active, event), now);
  }

  /** Throws Changed when the merchant is not under review any more. */
  async review(reviewed: Merchant, event: WattleEvent, now: Date): Promise<void> {
    const writes = [...reviewOutcome(reviewed, reviewed.status), ...applicationEvents(reviewed, event)];
    await this.writer.commit(merchantEventScope(reviewed), writes, now);
  }
}
