import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Dispute, Scope } from '@wattle/domain';
import { type DisputesStore, DisputeWrites } from '@wattle/ports';
import type { StoreContext } from '../kernel/context.ts';
import { counter, merchantWideShards, readCount } from '../kernel/counters.ts';
import { keys, lists } from '../kernel/keys.ts';
import { readBetween } from '../kernel/list-page.ts';
import { StoreWrites } from './store-writes.ts';

const disputesCounter = (scope: Scope) => counter(lists.disputes(scope), merchantWideShards);

const toDispute = (item: Record<string, unknown>): Dispute => item.dispute as Dispute;

/**
 * Disputes. A write is guarded by the dispute's version (every write moves it), so
 * of two racing steps (evidence submitted twice, accept racing submit, the deadline racing
 * either) exactly one commits and the other reads again. Their writes are @wattle/ports'
 * (dispute-writes.ts).
 */
export class DisputesRepo extends DisputeWrites implements DisputesStore {
  constructor(private readonly ctx: StoreContext) {
    super(new StoreWrites(ctx));
  }

  async get(scope: Scope, token: string): Promise<Dispute | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.dispute(scope, token),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toDispute(result.Item) : null;
  }

  all(scope: Scope, limit: number): Promise<Dispute[]> {
    return readBetween(
      this.ctx.doc,
      this.ctx.tableName,
      lists.disputes(scope),
      { from: null, to: null, limit },
      toDispute,
    );
  }

  count(scope: Scope): Promise<number> {
    return readCount(this.ctx.doc, this.ctx.tableName, disputesCounter(scope));
  }
}
