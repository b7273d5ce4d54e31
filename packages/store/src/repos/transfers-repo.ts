import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { pageWindow, type Scope, type Transfer, type TransferLineItem } from '@wattle/domain';
import { type Page, type TransfersStore, TransferWrites } from '@wattle/ports';
import { batchWriteAll } from '../kernel/batch-write.ts';
import type { StoreContext } from '../kernel/context.ts';
import { type Counter, counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readBetween, readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const transfersCounter = (scope: Scope) => counter(lists.transfers(scope), merchantWideShards);
const recipientTransfersCounter = (scope: Scope, recipientToken: string) =>
  counter(lists.recipientTransfers(scope, recipientToken));

const toTransfer = (item: Record<string, unknown>): Transfer => item.transfer as Transfer;

/**
 * Transfers, their line items, and the lists by merchant and by recipient; their writes are
 * @wattle/ports' (money-writes.ts).
 */
export class TransfersRepo extends TransferWrites implements TransfersStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, token: string): Promise<Transfer | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.transfer(scope, token),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toTransfer(result.Item) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Transfer>> {
    return this.page(
      { index: 'gsi1', listKey: lists.transfers(scope), counter: transfersCounter(scope) },
      page,
    );
  }

  listForRecipient(scope: Scope, recipientToken: string, page: number): Promise<Page<Transfer>> {
    const c = recipientTransfersCounter(scope, recipientToken);
    return this.page({ index: 'gsi2', listKey: c.listKey, counter: c }, page);
  }

  /** Transfers created in [from, to), newest first, at most `limit` (GET /transfers/search). */
  between(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Transfer[]> {
    return readBetween(
      this.ctx.doc,
      this.ctx.tableName,
      lists.transfers(scope),
      { from, to, limit },
      toTransfer,
    );
  }

  /** One page of a transfer's line items, in payout order (their count is on the transfer). */
  async lineItems(scope: Scope, transfer: Transfer, page: number): Promise<Page<TransferLineItem>> {
    const { skip, take } = pageWindow(page);
    if (skip >= transfer.lineItemsCount) return { items: [], total: transfer.lineItemsCount };
    const result = await this.ctx.doc.send(
      new QueryCommand({
        TableName: this.ctx.tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
        ExpressionAttributeValues: {
          ':pk': keys.transfer(scope, transfer.token).pk,
          ':first': keys.transferLineItem(scope, transfer.token, skip + 1).sk,
          ':last': keys.transferLineItem(scope, transfer.token, skip + take).sk,
        },
        ConsistentRead: true,
      }),
    );
    return {
      items: (result.Items ?? []).map((item) => item.lineItem as TransferLineItem),
      total: transfer.lineItemsCount,
    };
  }

  /** Writes line items (numbered from `firstIndex`); writing them again changes nothing. */
  async putLineItems(
    scope: Scope,
    transferToken: string,
    firstIndex: number,
    items: TransferLineItem[],
  ): Promise<void> {
    await batchWriteAll(
      this.ctx.doc,
      this.ctx.tableName,
      items.map((lineItem, i) => ({
        PutRequest: {
          Item: {
            ...keys.transferLineItem(scope, transferToken, firstIndex + i),
            _et: 'transfer-line-item',
            lineItem,
          },
        },
      })),
    );
  }

  private page(spec: { index: 'gsi1' | 'gsi2'; listKey: string; counter: Counter }, page: number) {
    return readPage(this.ctx.doc, this.ctx.tableName, spec, page, toTransfer);
  }
}
