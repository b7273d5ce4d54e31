import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ChargeCredit,
  pageWindow,
  type Scope,
  type Transfer,
  type TransferLineItem,
  type WattleEvent,
} from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type Page,
  type ScheduledJob,
  type TransferDebit,
  type TransfersStore,
} from '@wattle/ports';
import { batchWriteAll } from '../kernel/batch-write.ts';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readBetween, readPage } from '../kernel/list-page.ts';
import { claimIn, scheduleIn } from '../kernel/schedule.ts';
import { type BalanceLabel, debitIn } from './balance-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type TransferLabel = 'transfer' | BalanceLabel;

const transfersCounter = (scope: Scope) => counter(lists.transfers(scope), merchantWideShards);
const recipientTransfersCounter = (scope: Scope, recipientToken: string) =>
  counter(lists.recipientTransfers(scope, recipientToken));

const toTransfer = (item: Record<string, unknown>): Transfer => item.transfer as Transfer;

/** Transfers, their line items, and the lists by merchant and by recipient. */
export class TransfersRepo implements TransfersStore {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * The transfer, its debit of the balance (Changed when any debit came in since `ledger` was
   * read), the lists, its event, and the job that writes its line items, which it returns.
   */
  async create(
    scope: Scope,
    transfer: Transfer,
    event: WattleEvent,
    now: Date,
    { ledger, job, walkEnd, consumes, givenBackLeft, returnsAt }: TransferDebit,
  ): Promise<ScheduledJob> {
    const sortKey = listSortKey(now, transfer.token);
    const byRecipient = transfer.recipient !== 'self';
    const tx = newTransaction<TransferLabel>(this.ctx).put('transfer', {
      Item: {
        ...keys.transfer(scope, transfer.token),
        _et: 'transfer',
        transfer,
        ...listMembership('gsi1', lists.transfers(scope), sortKey),
        ...(byRecipient
          ? listMembership('gsi2', lists.recipientTransfers(scope, transfer.recipient), sortKey)
          : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    debitIn(tx, scope, transfer.currency, transfer.totalCredits, {
      seen: ledger,
      cursor: walkEnd,
      consumes,
      givenBackLeft,
    });
    countIn(tx, transfersCounter(scope), 1);
    if (byRecipient) countIn(tx, recipientTransfersCounter(scope, transfer.recipient), 1);
    recordEvent(tx, scope, event, now);
    const payout: ScheduledJob = {
      kind: jobKinds.transferPayout,
      scope,
      token: transfer.token,
      dueAt: now,
      data: { ...job },
    };
    scheduleIn(tx, payout);
    if (returnsAt)
      scheduleIn(tx, {
        kind: jobKinds.transferReturn,
        scope,
        token: transfer.token,
        dueAt: returnsAt,
        data: { ...job },
      });
    await tx.commit(this.ctx.doc, { balance: () => new Changed('balance', transfer.currency) });
    return payout;
  }

  /**
   * The returned transfer `failed` (under status `succeeded`), its money given back, its event,
   * and its return job claimed: one transaction, so overlapping runs fail it once.
   */
  async fail(
    scope: Scope,
    failed: Transfer,
    returned: ChargeCredit[],
    event: WattleEvent,
    job: ScheduledJob,
    now: Date,
  ): Promise<void> {
    const tx = newTransaction<TransferLabel>(this.ctx).update('transfer', {
      Key: keys.transfer(scope, failed.token),
      UpdateExpression: 'SET #t = :t',
      ConditionExpression: '#t.#s = :succeeded',
      ExpressionAttributeNames: { '#t': 'transfer', '#s': 'status' },
      ExpressionAttributeValues: { ':t': failed, ':succeeded': 'succeeded' },
    });
    // Unguarded, as a failed refund's give-back: it only adds, and it bumps the debits' version,
    // so a transfer that read the balance before commits only after reading it again.
    debitIn(tx, scope, failed.currency, -failed.totalCredits, { giveBack: returned });
    claimIn(tx, job);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, { transfer: () => new Changed('transfer', failed.token) });
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
