import {
  type Account,
  approvableStatuses,
  type Merchant,
  type Scope,
  type WattleEvent,
} from '@wattle/domain';
import {
  Changed,
  type MerchantsStore,
  type NewApiKey,
  type NewMerchant,
  type Page,
  type StoredMerchant,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { hashApiKey, listSortKey } from '../world/keys.ts';
import { referralsList } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { accountIn, accountsOf, apiKeysOf } from './accounts-repo.ts';

/** Where a merchant's own events go: its live environment (its application is a live matter). */
const merchantEventScope = (merchant: Merchant): Scope => ({
  accountId: merchant.accountId,
  environment: 'live',
});

/** Partner-referred merchants: the account, its keys and the application, made together. */
export class MerchantsRepo implements MerchantsStore {
  private readonly merchants;

  constructor(private readonly world: MemoryWorld) {
    this.merchants = world.table<StoredMerchant>('merchant');
  }

  /** An application event, in the merchant's live events and in its partner's. */
  private recordIn(change: Change, merchant: Merchant, event: WattleEvent, now: Date): Change {
    this.world.outbox.recordIn(change, merchantEventScope(merchant), event, now);
    return this.world.outbox.recordIn(
      change,
      { accountId: merchant.partnerId, environment: 'live' },
      event,
      now,
    );
  }

  async create(made: NewMerchant, account: Account, apiKeys: NewApiKey[], event: WattleEvent, now: Date) {
    const { merchant } = made;
    const stored: StoredMerchant = {
      ...copy(made),
      liveKeyHashes: apiKeys.filter((key) => key.grant.suspended).map((key) => hashApiKey(key.apiKey)),
    };
    const change = accountIn(this.world, new Change(), account, apiKeys)
      .check(() => !this.merchants.has(merchant.token), 'merchant')
      .write(() => {
        this.merchants.set(merchant.token, stored);
        this.world.lists.join(
          referralsList(merchant.partnerId),
          listSortKey(now, merchant.token),
          merchant.token,
        );
        this.world.lists.move(referralsList(merchant.partnerId), 1);
      });
    this.recordIn(change, merchant, event, now).commit();
  }

  async get(merchantToken: string): Promise<StoredMerchant | null> {
    const stored = this.merchants.get(merchantToken);
    if (!stored) return null;
    const { merchant, sealedKeys, passwordHash, liveKeyHashes } = copy(stored);
    return { merchant, sealedKeys, passwordHash, liveKeyHashes } as StoredMerchant;
  }

  async listForPartner(partnerId: string, page: number): Promise<Page<Merchant>> {
    return pageOf(this.world.lists.page(referralsList(partnerId), page), (token) => {
      const stored = this.merchants.get(token);
      return stored ? copy(stored.merchant) : undefined;
    });
  }

  /** The review's outcome: the merchant and its account's status, under its status as read. */
  private reviewIn(reviewed: Merchant, accountStatus: Account['status']): Change {
    const accounts = accountsOf(this.world);
    return new Change()
      .check(
        () => {
          const status = this.merchants.get(reviewed.token)?.merchant.status;
          return status !== undefined && approvableStatuses.includes(status);
        },
        () => new Changed('merchant', reviewed.token),
      )
      .write(() => {
        const stored = this.merchants.get(reviewed.token)!;
        stored.merchant = copy(reviewed);
        const account = accounts.get(reviewed.accountId);
        if (account) account.status = accountStatus;
      });
  }

  async activate(stored: StoredMerchant, active: Merchant, event: WattleEvent, now: Date): Promise<void> {
    const grants = apiKeysOf(this.world);
    const change = this.reviewIn(active, 'active').write(() => {
      for (const keyHash of stored.liveKeyHashes) {
        const grant = grants.get(keyHash);
        if (grant) delete grant.suspended;
      }
    });
    this.recordIn(change, active, event, now).commit();
  }

  async review(reviewed: Merchant, event: WattleEvent, now: Date): Promise<void> {
    this.recordIn(this.reviewIn(reviewed, reviewed.status), reviewed, event, now).commit();
  }
}
