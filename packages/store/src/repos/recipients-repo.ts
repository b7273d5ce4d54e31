import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Recipient, Scope } from '@wattle/domain';
import { type LoadedRecipient, type Page, type RecipientsStore, RecipientWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const recipientsCounter = (scope: Scope) => counter(lists.recipients(scope), merchantWideShards);

/**
 * Recipients, each holding its bank account's sealed number for the payouts; their writes are
 * @wattle/ports' (recipient-writes.ts).
 */
export class RecipientsRepo extends RecipientWrites implements RecipientsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, token: string): Promise<LoadedRecipient | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.recipient(scope, token),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return { recipient: result.Item.recipient as Recipient, version: Number(result.Item.ver) };
  }

  list(scope: Scope, page: number): Promise<Page<Recipient>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.recipients(scope), counter: recipientsCounter(scope) },
      page,
      (item) => item.recipient as Recipient,
    );
  }
}
