import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type Dispute, isOpen, type Payment, type Scope, type WattleEvent } from '@wattle/domain';
import {
  Changed,
  type DisputeStepWrites,
  type DisputesStore,
  filesSubmission,
  type ScheduledJob,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards, readCount } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readBetween } from '../kernel/list-page.ts';
import { cancelIn, claimIn, scheduleIn } from '../kernel/schedule.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { type BalanceLabel, debitIn, giveBackIn } from './balance-repo.ts';
import { StoreWrites, type WriteLabel } from './store-writes.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type DisputeLabel = 'charge' | 'dispute' | BalanceLabel | WriteLabel;

const disputesCounter = (scope: Scope) => counter(lists.disputes(scope), merchantWideShards);

const toDispute = (item: Record<string, unknown>): Dispute => item.dispute as Dispute;

/**
 * Disputes. A write is guarded by the dispute's version (every write moves it), so
 * of two racing steps (evidence submitted twice, accept racing submit, the deadline racing
 * either) exactly one commits and the other reads again.
 */
export class DisputesRepo implements DisputesStore {
  private readonly writes: StoreWrites;

  constructor(private readonly ctx: StoreContext) {
    this.writes = new StoreWrites(ctx);
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

  async open(
    scope: Scope,
    dispute: Dispute,
    charge: Payment,
    writes: DisputeStepWrites & { claim?: ScheduledJob | undefined; event: WattleEvent },
    now: Date,
  ): Promise<void> {
    const tx = newTransaction<DisputeLabel>(this.ctx);
    if (writes.claim) claimIn(tx, writes.claim);
    // The charge as it was read: no refund since (refundable unchanged), no dispute yet.
    tx.update('charge', {
      Key: keys.payment(scope, charge.token),
      UpdateExpression: 'SET #p.#d = :d, refundable = :zero',
      ConditionExpression: '#p.#s = :captured AND refundable = :amount AND attribute_not_exists(#p.#d)',
      ExpressionAttributeNames: { '#p': 'payment', '#s': 'state', '#d': 'dispute' },
      ExpressionAttributeValues: {
        ':d': { token: dispute.token, open: true },
        ':zero': 0,
        ':captured': 'captured',
        ':amount': dispute.amount,
      },
    });
    tx.put('dispute', {
      Item: {
        ...keys.dispute(scope, dispute.token),
        _et: 'dispute',
        dispute,
        ...listMembership('gsi1', lists.disputes(scope), listSortKey(now, dispute.token)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    countIn(tx, disputesCounter(scope), 1);
    // Not refusable: the issuer has taken the money, so the balance may go below zero.
    debitIn(tx, scope, dispute.currency, dispute.amount + dispute.fee);
    this.writeIn(tx, scope, dispute, writes, now);
    await tx.commit(this.ctx.doc, { charge: () => new Changed('charge', charge.token) });
  }

  async step(
    scope: Scope,
    read: Dispute,
    next: Dispute,
    writes: DisputeStepWrites,
    now: Date,
  ): Promise<void> {
    const tx = newTransaction<DisputeLabel>(this.ctx);
    if (writes.claim) claimIn(tx, writes.claim);
    tx.update('dispute', {
      Key: keys.dispute(scope, read.token),
      UpdateExpression: 'SET #d = :d',
      ConditionExpression: '#d.#v = :v',
      ExpressionAttributeNames: { '#d': 'dispute', '#v': 'version' },
      ExpressionAttributeValues: { ':d': next, ':v': read.version },
    });
    if (isOpen(read.status) !== isOpen(next.status)) {
      tx.update('charge', {
        Key: keys.payment(scope, read.charge.token),
        UpdateExpression: 'SET #p.#d.#o = :open',
        ExpressionAttributeNames: { '#p': 'payment', '#d': 'dispute', '#o': 'open' },
        ExpressionAttributeValues: { ':open': isOpen(next.status) },
      });
    }
    if (writes.giveBack) giveBackIn(tx, scope, next.charge, next);
    if (writes.files?.length) this.writes.addTo(tx, scope, filesSubmission(writes.files, now), now);
    this.writeIn(tx, scope, next, writes, now);
    await tx.commit(this.ctx.doc, { dispute: () => new Changed('dispute', read.token) });
  }

  /** The jobs scheduled and cancelled with a step, and its event. */
  private writeIn(
    tx: Transaction<DisputeLabel>,
    scope: Scope,
    dispute: Dispute,
    writes: DisputeStepWrites,
    now: Date,
  ): void {
    for (const job of writes.schedule ?? []) scheduleIn(tx, job);
    for (const kind of writes.cancel ?? []) cancelIn(tx, kind, scope, dispute.token);
    if (writes.event) recordEvent(tx, scope, writes.event, now);
  }
}
