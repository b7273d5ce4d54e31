import type { Merchant } from '@wattle/domain';
import { type MerchantsStore, MerchantWrites, type Page, type StoredMerchant } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { hashApiKey } from '../world/keys.ts';
import { referralsList } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

/** Partner-referred merchants; their writes are @wattle/ports' (merchant-writes.ts). */
export class MerchantsRepo extends MerchantWrites implements MerchantsStore {
  private readonly merchants;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world), hashApiKey);
    this.merchants = world.table<StoredMerchant>('merchant');
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
}
