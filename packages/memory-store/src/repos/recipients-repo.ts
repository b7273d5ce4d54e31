import type { Recipient, Scope } from '@wattle/domain';
import { type LoadedRecipient, type Page, type RecipientsStore, RecipientWrites } from '@wattle/ports';
import { copy } from '../world/copy.ts';
import { scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';

interface StoredRecipient {
  recipient: Recipient;
  sealedNumber: string;
  ver: number;
}

export const recipientsOf = (world: MemoryWorld) => world.table<StoredRecipient>('recipient');

/**
 * Recipients, each holding its bank account's sealed number for the payouts; their writes are
 * @wattle/ports' (recipient-writes.ts).
 */
export class RecipientsRepo extends RecipientWrites implements RecipientsStore {
  private readonly recipients;

  constructor(private readonly world: MemoryWorld) {
    super(new StoreWrites(world));
    this.recipients = recipientsOf(world);
  }

  async get(scope: Scope, token: string): Promise<LoadedRecipient | null> {
    const stored = this.recipients.get(scoped(scope, token));
    return stored ? { recipient: copy(stored.recipient), version: stored.ver } : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Recipient>> {
    return pageOf(this.world.lists.page(listKey(scope, 'recipients'), page), (id) => {
      const stored = this.recipients.get(id);
      return stored ? copy(stored.recipient) : undefined;
    });
  }
}
