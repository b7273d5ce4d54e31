import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Refund, Scope } from '@wattle/domain';
import { type Page, type RefundsStore, RefundWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readPage } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const refundsCounter = (scope: Scope) => counter(lists.refunds(scope), merchantWideShards);
const chargeRefundsCounter = (scope: Scope, chargeToken: string) =>
  counter(lists.chargeRefunds(scope, chargeToken));

const toRefund = (item: Record<string, unknown>): Refund => item.refund as Refund;

/**
 * Refunds. The charge keeps what is left to refund as its own attribute, and a refund takes its
 * amount off under the condition that enough is left: concurrent refunds never exceed the charge.
 * Their writes are @wattle/ports' (refund-writes.ts).
 */
export class RefundsRepo extends RefundWrites implements RefundsStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, token: string): Promise<Refund | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({ TableName: this.ctx.tableName, Key: keys.refund(scope, token), ConsistentRead: true }),
    );
    return result.Item ? toRefund(result.Item) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Refund>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey: lists.refunds(scope), counter: refundsCounter(scope) },
      page,
      toRefund,
    );
  }

  listForCharge(scope: Scope, chargeToken: string, page: number): Promise<Page<Refund>> {
    const c = chargeRefundsCounter(scope, chargeToken);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi2', listKey: c.listKey, counter: c },
      page,
      toRefund,
    );
  }
}
