import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Payment, Refund, Scope, WattleEvent } from '@wattle/domain';
import {
  BalanceShort,
  Changed,
  jobKinds,
  type Page,
  type RefundSettling,
  type RefundsStore,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { claimIn, scheduleIn } from '../kernel/schedule.ts';
import { type BalanceLabel, debitIn, giveBackIn } from './balance-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type RefundLabel = 'charge' | 'refund' | BalanceLabel;

const refundsCounter = (scope: Scope) => counter(lists.refunds(scope), merchantWideShards);
const chargeRefundsCounter = (scope: Scope, chargeToken: string) =>
  counter(lists.chargeRefunds(scope, chargeToken));

const toRefund = (item: Record<string, unknown>): Refund => item.refund as Refund;

/**
 * Refunds. The charge keeps what is left to refund as its own attribute, and a refund takes its
 * amount off under the condition that enough is left: concurrent refunds never exceed the charge.
 */
export class RefundsRepo implements RefundsStore {
  constructor(private readonly ctx: StoreContext) {}

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

  /**
   * The refund, its charge's amounts, the settlement job and the balance's debit: Changed when
   * too little of the charge is left, BalanceShort when the debits, this refund included, would
   * pass `credited` (all the credits the caller read).
   */
  async create(
    scope: Scope,
    refund: Refund,
    event: WattleEvent,
    settleAt: Date,
    now: Date,
    credited: number,
  ): Promise<void> {
    const sortKey = listSortKey(now, refund.token);
    const tx = newTransaction<RefundLabel>(this.ctx)
      .update('charge', {
        Key: keys.payment(scope, refund.chargeToken),
        UpdateExpression:
          'SET #p.amountRefunded = if_not_exists(#p.amountRefunded, :zero) + :a, #p.pendingRefunds = if_not_exists(#p.pendingRefunds, :zero) + :one, refundable = refundable - :a',
        ConditionExpression: 'refundable >= :a AND #p.#s = :captured',
        ExpressionAttributeNames: { '#p': 'payment', '#s': 'state' },
        ExpressionAttributeValues: { ':a': refund.amount, ':one': 1, ':zero': 0, ':captured': 'captured' },
      })
      .put('refund', {
        Item: {
          ...keys.refund(scope, refund.token),
          _et: 'refund',
          refund,
          ...listMembership('gsi1', lists.refunds(scope), sortKey),
          ...listMembership('gsi2', lists.chargeRefunds(scope, refund.chargeToken), sortKey),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
    countIn(tx, refundsCounter(scope), 1);
    countIn(tx, chargeRefundsCounter(scope, refund.chargeToken), 1);
    scheduleIn(tx, { kind: jobKinds.refundSettlement, scope, token: refund.token, dueAt: settleAt });
    debitIn(tx, scope, refund.currency, refund.amount, { within: credited });
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, {
      charge: () => new Changed('charge', refund.chargeToken),
      balance: () => new BalanceShort(refund.amount),
    });
  }

  /** A stood payment's refund, new: its item alone; nothing when it exists (see RefundsStore.recordOfStoodPayment). */
  async recordOfStoodPayment(scope: Scope, refund: Refund, _now: Date): Promise<void> {
    try {
      await this.ctx.doc.send(
        new PutCommand({
          TableName: this.ctx.tableName,
          Item: { ...keys.refund(scope, refund.token), _et: 'refund', refund },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * The refund of `charge` as the processor answered (see RefundsStore.settle): written only from
   * `from` (Changed when it is no longer there: another run or notification came first); a refund
   * failed gives its amount back to the charge and to the balance, for the next transfer to pay
   * out first. Claims the job when there is one.
   */
  async settle(
    scope: Scope,
    charge: Payment,
    refund: Refund,
    { job, event, from = 'pending', schedules }: RefundSettling,
    now: Date,
  ): Promise<void> {
    const failed = refund.state === 'failed';
    const tx = newTransaction<RefundLabel>(this.ctx);
    if (job) claimIn(tx, job);
    if (schedules) scheduleIn(tx, schedules);
    tx.update('refund', {
      Key: keys.refund(scope, refund.token),
      UpdateExpression: 'SET #r = :r',
      ConditionExpression: '#r.#s = :from',
      ExpressionAttributeNames: { '#r': 'refund', '#s': 'state' },
      ExpressionAttributeValues: { ':r': refund, ':from': from },
    });
    // Still pending (at the processor): the charge's amounts stay as the refund's creation left them;
    // a stood payment's refund never touched them.
    if (refund.state !== 'pending' && !refund.ofStoodPayment) {
      const pendingLeft =
        from === 'pending' ? ['#p.pendingRefunds = if_not_exists(#p.pendingRefunds, :zero) - :one'] : [];
      const givenBack = failed
        ? ['#p.amountRefunded = if_not_exists(#p.amountRefunded, :zero) - :a', 'refundable = refundable + :a']
        : [];
      const sets = [...pendingLeft, ...givenBack];
      if (sets.length > 0)
        tx.update('charge', {
          Key: keys.payment(scope, refund.chargeToken),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ExpressionAttributeNames: { '#p': 'payment' },
          ExpressionAttributeValues: {
            // A charge's counts at zero are not on its item (stored-payment.ts).
            ':zero': 0,
            ...(pendingLeft.length > 0 ? { ':one': 1 } : {}),
            ...(failed ? { ':a': refund.amount } : {}),
          },
        });
    }
    if (failed && !refund.ofStoodPayment) giveBackIn(tx, scope, charge, refund);
    if (event) recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, { refund: () => new Changed('refund', refund.token) });
  }
}
