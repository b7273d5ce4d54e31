import { GetCommand } from '@aws-sdk/lib-dynamodb';
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
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { type AccountLabel, accountIn, hashApiKey } from './accounts-repo.ts';

/** The condition (on `#m.#s`, the merchant's status) that it is still under review, and its values. */
const underReview = {
  condition: `#m.#s IN (${approvableStatuses.map((_, i) => `:review${i}`).join(', ')})`,
  values: Object.fromEntries(approvableStatuses.map((status, i) => [`:review${i}`, status])),
};

/** The labels of this repository's transaction items (Transaction's `L`). */
type MerchantLabel = 'merchant' | `live-key:${string}` | AccountLabel;

const referralsCounter = (partnerId: string) => counter(lists.referrals(partnerId), merchantWideShards);

/** Where a merchant's own events go: its live environment (its application is a live matter). */
export const merchantEventScope = (merchant: Merchant): Scope => ({
  accountId: merchant.accountId,
  environment: 'live',
});

/**
 * An application event, in the merchant's live events and in its partner's (live): the partner
 * follows its referrals there, a declined merchant's included, whose keys never work.
 */
const recordApplicationEvent = (
  tx: Transaction<MerchantLabel>,
  merchant: Merchant,
  event: WattleEvent,
  now: Date,
) => {
  recordEvent(tx, merchantEventScope(merchant), event, now);
  return recordEvent(tx, { accountId: merchant.partnerId, environment: 'live' }, event, now);
};

/** Partner-referred merchants: the account, its keys and the application, created together. */
export class MerchantsRepo implements MerchantsStore {
  constructor(private readonly ctx: StoreContext) {}

  /** The merchant with its account and keys; the suspended (live) keys' hashes kept for the activation. */
  async create(
    made: NewMerchant,
    account: Account,
    apiKeys: NewApiKey[],
    event: WattleEvent,
    now: Date,
  ): Promise<void> {
    const { merchant } = made;
    const stored: StoredMerchant = {
      ...made,
      liveKeyHashes: apiKeys.filter((key) => key.grant.suspended).map((key) => hashApiKey(key.apiKey)),
    };
    const tx = accountIn(newTransaction<MerchantLabel>(this.ctx), account, apiKeys).put('merchant', {
      Item: {
        ...keys.merchant(merchant.token),
        _et: 'merchant',
        ...stored,
        ...listMembership('gsi1', lists.referrals(merchant.partnerId), listSortKey(now, merchant.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    countIn(tx, referralsCounter(merchant.partnerId), 1);
    recordApplicationEvent(tx, merchant, event, now);
    await tx.commit(this.ctx.doc);
  }

  async get(merchantToken: string): Promise<StoredMerchant | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.merchant(merchantToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    const { merchant, sealedKeys, passwordHash, liveKeyHashes } = result.Item;
    return { merchant, sealedKeys, passwordHash, liveKeyHashes } as StoredMerchant;
  }

  listForPartner(partnerId: string, page: number): Promise<Page<Merchant>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.referrals(partnerId), counter: referralsCounter(partnerId) },
      page,
      (item) => item.merchant as Merchant,
    );
  }

  /**
   * Approves a pending merchant: its status, its account's, and its live keys, which start to
   * work. Changed when it is not pending any more.
   */
  async activate(stored: StoredMerchant, active: Merchant, event: WattleEvent, now: Date): Promise<void> {
    const tx = newTransaction<MerchantLabel>(this.ctx)
      .update('merchant', {
        Key: keys.merchant(active.token),
        UpdateExpression: 'SET #m = :m',
        ConditionExpression: underReview.condition,
        ExpressionAttributeNames: { '#m': 'merchant', '#s': 'status' },
        ExpressionAttributeValues: { ':m': active, ...underReview.values },
      })
      .update('account', {
        Key: keys.account(active.accountId),
        UpdateExpression: 'SET #a.#s = :active',
        ExpressionAttributeNames: { '#a': 'account', '#s': 'status' },
        ExpressionAttributeValues: { ':active': 'active' },
      });
    for (const keyHash of stored.liveKeyHashes) {
      tx.update(`live-key:${keyHash.slice(0, 8)}`, {
        Key: keys.apiKey(keyHash),
        UpdateExpression: 'REMOVE #g.#s',
        ExpressionAttributeNames: { '#g': 'grant', '#s': 'suspended' },
      });
    }
    recordApplicationEvent(tx, active, event, now);
    await tx.commit(this.ctx.doc, { merchant: () => new Changed('merchant', active.token) });
  }

  async review(reviewed: Merchant, event: WattleEvent, now: Date): Promise<void> {
    const tx = newTransaction<MerchantLabel>(this.ctx)
      .update('merchant', {
        Key: keys.merchant(reviewed.token),
        UpdateExpression: 'SET #m = :m',
        ConditionExpression: underReview.condition,
        ExpressionAttributeNames: { '#m': 'merchant', '#s': 'status' },
        ExpressionAttributeValues: { ':m': reviewed, ...underReview.values },
      })
      .update('account', {
        Key: keys.account(reviewed.accountId),
        UpdateExpression: 'SET #a.#s = :s',
        ExpressionAttributeNames: { '#a': 'account', '#s': 'status' },
        ExpressionAttributeValues: { ':s': reviewed.status },
      });
    recordApplicationEvent(tx, reviewed, event, now);
    await tx.commit(this.ctx.doc, { merchant: () => new Changed('merchant', reviewed.token) });
  }
}
