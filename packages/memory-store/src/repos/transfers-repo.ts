import { pageWindow, type Scope, type Transfer, type TransferLineItem } from '@wattle/domain';
import { type Page, type TransfersStore, TransferWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { createdRange, pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredTransfer {
  transfer: Transfer;
}

/** A transfer's line item, by the transfer's id and its number (from 1), as the table keeps them. */
const lineItemId = (scope: Scope, transferToken: string, index: number) =>
  `${scoped(scope, transferToken)}#${index}`;

/**
 * Transfers, their line items, and the lists by merchant and by recipient; their writes are
 * @wattle/ports' (money-writes.ts).
 */
export class TransfersRepo extends TransferWrites implements TransfersStore {
  private readonly transfers;
  private readonly lineItemsOf;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.transfers = world.table<StoredTransfer>('transfer');
    this.lineItemsOf = world.table<{ lineItem: TransferLineItem }>('transfer-line-item');
  }

  async get(scope: Scope, transferToken: string): Promise<Transfer | null> {
    return this.read(scoped(scope, transferToken)) ?? null;
  }

  async list(scope: Scope, page: number): Promise<Page<Transfer>> {
    return pageOf(this.world.lists.page(listKey(scope, 'transfers'), page), (id) => this.read(id));
  }

  async listForRecipient(scope: Scope, recipientToken: string, page: number): Promise<Page<Transfer>> {
    return pageOf(this.world.lists.page(listKey(scope, 'transfers', recipientToken), page), (id) =>
      this.read(id),
    );
  }

  async between(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Transfer[]> {
    const range = createdRange(from, to);
    return this.world.lists
      .between(listKey(scope, 'transfers'), range.from, range.to, limit)
      .map((id) => this.read(id))
      .filter((transfer): transfer is Transfer => transfer !== undefined);
  }

  async lineItems(scope: Scope, transfer: Transfer, page: number): Promise<Page<TransferLineItem>> {
    const { skip, take } = pageWindow(page);
    const total = transfer.lineItemsCount;
    const items: TransferLineItem[] = [];
    for (let index = skip + 1; index <= Math.min(skip + take, total); index++) {
      const item = this.lineItemsOf.get(lineItemId(scope, transfer.token, index));
      if (item) items.push(copy(item.lineItem));
    }
    return { items, total };
  }

  async putLineItems(scope: Scope, transferToken: string, firstIndex: number, items: TransferLineItem[]) {
    for (const [i, lineItem] of items.entries())
      this.lineItemsOf.set(lineItemId(scope, transferToken, firstIndex + i), { lineItem: copy(lineItem) });
  }

  private read(id: string): Transfer | undefined {
    const stored = this.transfers.get(id);
    return stored ? copy(stored.transfer) : undefined;
  }
}
