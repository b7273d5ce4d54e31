import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Merchant } from '@wattle/domain';
import { type MerchantsStore, MerchantWrites, type Page, type StoredMerchant } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { hashApiKey } from './accounts-repo.ts';
import { StoreWrites } from './store-writes.ts';

/** Partner-referred merchants; their writes are @wattle/ports' (merchant-writes.ts). */
export class MerchantsRepo extends MerchantWrites implements MerchantsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx), hashApiKey);
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
    const listKey = lists.referrals(partnerId);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey, counter: counter(listKey, merchantWideShards) },
      page,
      (item) => item.merchant as Merchant,
    );
  }
}
