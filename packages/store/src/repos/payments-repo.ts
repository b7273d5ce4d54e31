import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Payment,
  type PaymentKind,
  refundable,
  type Scope,
  type TransferLink,
  toEpochSeconds,
  type WattleEvent,
} from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type Page,
  type PaymentsStore,
  type ReserveOptions,
  type SettleOptions,
  type ThreeDSecureSession,
  TokenTaken,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readBetween, readPage } from '../kernel/list-page.ts';
import { cancelIn, claimIn, scheduleIn } from '../kernel/schedule.ts';
import type { IndexName } from '../kernel/table.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { type BalanceLabel, creditCaptureIn } from './balance-repo.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { scheduleDisputeIn } from './disputes-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';
import { paymentOfItem, storedPayment } from './stored-payment.ts';
import { subscriptionChangeIn } from './subscriptions-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type PaymentLabel = 'payment' | 'session' | 'charge' | 'lease' | BalanceLabel;

interface ListOf {
  index: IndexName;
  counter: Counter;
  /** Index partitions (listMembership): the merchant's own lists take every payment. */
  shards: number;
}

/** Every charge (or authorisation) of a merchant joins its list: spread over this many index partitions. */
export const paymentListShards = 4;

/** The lists a payment belongs to: the merchant's charges or authorisations, and its customer's charges. */
const listsOf = (scope: Scope, payment: Payment): ListOf[] => {
  if (payment.kind === 'authorisation') {
    return [
      {
        index: 'gsi1',
        counter: counter(lists.authorisations(scope), merchantWideShards),
        shards: paymentListShards,
      },
    ];
  }
  const own: ListOf[] = [
    { index: 'gsi1', counter: counter(lists.charges(scope), merchantWideShards), shards: paymentListShards },
  ];
  if (payment.customerToken) {
    own.push({
      index: 'gsi2',
      counter: counter(lists.customerCharges(scope, payment.customerToken)),
      shards: 1,
    });
  }
  return own;
};

const membershipOf = (scope: Scope, payment: Payment, sortKey: string): Record<string, string> =>
  Object.assign(
    {},
    ...listsOf(scope, payment).map((l) => listMembership(l.index, l.counter.listKey, sortKey, l.shards)),
  );

const joinListsIn = (tx: Transaction<PaymentLabel>, scope: Scope, payment: Payment): void => {
  for (const l of listsOf(scope, payment)) countIn(tx, l.counter, 1);
};

/** The payment, with the transfers that paid it out (kept beside it: see linkTransfer). */
const toPayment = (item: Record<string, unknown>): Payment => ({
  ...paymentOfItem(item.payment as Payment),
  transfers: (item.transferLinks as TransferLink[] | undefined) ?? [],
});

/**
 * Charges and authorisations. A payment is reserved (card token used up, recovery scheduled)
 * before the processor is asked, then settled with its outcome: the processor is asked at most
 * once per reservation, and a crash in between is finished by the recovery job.
 */
/** Appends a charge's link to a transfer, once per transfer (refused when the charge already has it). */
const appendTransferLink = (link: TransferLink) => ({
  UpdateExpression:
    'SET transferLinks = list_append(if_not_exists(transferLinks, :none), :link) ADD transferTokens :token',
  ConditionExpression: 'attribute_exists(pk) AND NOT contains(transferTokens, :t)',
  ExpressionAttributeValues: {
    ':none': [],
    ':link': [link],
    ':token': new Set([link.token]),
    ':t': link.token,
  },
});

export class PaymentsRepo implements PaymentsStore {
  private readonly tokens: CardTokensRepo;
  private readonly paymentSources: PaymentSourcesRepo;

  constructor(private readonly ctx: StoreContext) {
    this.tokens = new CardTokensRepo(ctx);
    this.paymentSources = new PaymentSourcesRepo(ctx);
  }

  async get(scope: Scope, token: string): Promise<Payment | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.payment(scope, token),
        ConsistentRead: true,
      }),
    );
    return result.Item ? toPayment(result.Item) : null;
  }

  /** The sealed number a reserved payment keeps until it is settled. */
  async sealedNumberOf(scope: Scope, token: string): Promise<string | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.payment(scope, token),
        ConsistentRead: true,
        ProjectionExpression: 'sealedNumber',
      }),
    );
    return (result.Item?.sealedNumber as string | undefined) ?? null;
  }

  list(scope: Scope, kind: PaymentKind, page: number): Promise<Page<Payment>> {
    const listKey = kind === 'charge' ? lists.charges(scope) : lists.authorisations(scope);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi1', listKey, counter: counter(listKey, merchantWideShards), shards: paymentListShards },
      page,
      toPayment,
    );
  }

  listForCustomer(scope: Scope, customerToken: string, page: number): Promise<Page<Payment>> {
    const listKey = lists.customerCharges(scope, customerToken);
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index: 'gsi2', listKey, counter: counter(listKey) },
      page,
      toPayment,
    );
  }

  /**
   * Shows a charge as paid out (in part) by a transfer. Once per transfer: a second call for the
   * same transfer (a payout job run twice) changes nothing.
   */
  async linkTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void> {
    try {
      await this.ctx.doc.send(
        new UpdateCommand({
          TableName: this.ctx.tableName,
          Key: keys.payment(scope, chargeToken),
          ...appendTransferLink(link),
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Restates a charge's link to a transfer (a returned transfer's `failed`). Links are only ever
   * appended, so the one found stays at its index; when the payout job has not linked it yet, this
   * links it, and the payout job's own link then changes nothing.
   */
  async restateTransfer(scope: Scope, chargeToken: string, link: TransferLink): Promise<void> {
    // Twice at most: an append that loses to the payout job's finds the link on the second read.
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await this.ctx.doc.send(
        new GetCommand({
          TableName: this.ctx.tableName,
          Key: keys.payment(scope, chargeToken),
          ConsistentRead: true,
          ProjectionExpression: 'pk, transferLinks',
        }),
      );
      if (!result.Item) return;
      const links = (result.Item.transferLinks as TransferLink[] | undefined) ?? [];
      const at = links.findIndex((l) => l.token === link.token);
      try {
        await this.ctx.doc.send(
          new UpdateCommand({
            TableName: this.ctx.tableName,
            Key: keys.payment(scope, chargeToken),
            ...(at >= 0
              ? {
                  UpdateExpression: `SET transferLinks[${at}] = :link`,
                  ConditionExpression: `transferLinks[${at}].#token = :t`,
                  ExpressionAttributeNames: { '#token': 'token' },
                  ExpressionAttributeValues: { ':link': link, ':t': link.token },
                }
              : appendTransferLink(link)),
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }

  /**
   * The merchant's charges created in [from, to), read through the list index by creation time,
   * at most `limit` of them (newest first).
   */
  chargesBetween(scope: Scope, from: Date | null, to: Date | null, limit: number): Promise<Payment[]> {
    return readBetween(
      this.ctx.doc,
      this.ctx.tableName,
      lists.charges(scope),
      { from, to, limit, shards: paymentListShards },
      toPayment,
    );
  }

  async reserve(
    scope: Scope,
    payment: Payment,
    sealedNumber: string,
    options: ReserveOptions,
    now: Date,
  ): Promise<void> {
    const sortKey = listSortKey(now, payment.token);
    const tx = newTransaction<PaymentLabel>(this.ctx).put('payment', {
      Item: {
        ...keys.payment(scope, payment.token),
        _et: payment.kind,
        payment: storedPayment(payment),
        sealedNumber,
        // Where the settlement joins the lists (its gsi sort keys), unless it joins them now.
        ...(options.joinLists ? membershipOf(scope, payment, sortKey) : { listSortKey: sortKey }),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (options.cardToken) this.tokens.consumeIn(tx, scope, options.cardToken, now);
    if (options.paymentSourceToken) this.paymentSources.consumeIn(tx, scope, options.paymentSourceToken, now);
    if (options.joinLists) joinListsIn(tx, scope, payment);
    if (options.sessionToken) {
      tx.put('session', {
        Item: {
          ...keys.threeDSecureSession(options.sessionToken),
          _et: 'three_d_secure_session',
          accountId: scope.accountId,
          environment: scope.environment,
          paymentToken: payment.token,
          // Wanted only to verify the charge after the customer's return: kept as long as its events.
          expiresAt: toEpochSeconds(now) + tx.retention.eventsSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
    }
    if (options.bill?.begin) subscriptionChangeIn(tx, scope, options.bill.begin, now);
    else if (!options.bill)
      scheduleIn(tx, {
        kind: jobKinds.paymentRecovery,
        scope,
        token: payment.token,
        dueAt: options.recoveryDueAt,
      });
    // The payment's token is new unless it was derived (an Idempotency-Key, a bill attempt) and
    // the same request reserved it before.
    await tx.commit(this.ctx.doc, { payment: () => new TokenTaken('payment', payment.token) });
  }

  /** Writes the processor's outcome: Changed when another request or run settled it first. */
  async settle(
    scope: Scope,
    payment: Payment,
    event: WattleEvent,
    options: SettleOptions,
    now: Date,
  ): Promise<void> {
    const membership = options.joinLists
      ? membershipOf(
          scope,
          payment,
          options.reservedAt
            ? listSortKey(options.reservedAt, payment.token)
            : await this.reservedSortKey(scope, payment, now),
        )
      : {};
    const names: Record<string, string> = { '#p': 'payment', '#s': 'state' };
    const values: Record<string, unknown> = {
      ':p': storedPayment(payment),
      ':from': options.from,
      ':left': refundable(payment),
    };
    const sets = ['#p = :p', 'refundable = :left'];
    for (const [i, [name, value]] of Object.entries(membership).entries()) {
      names[`#m${i}`] = name;
      values[`:m${i}`] = value;
      sets.push(`#m${i} = :m${i}`);
    }
    const tx = newTransaction<PaymentLabel>(this.ctx);
    // The job's claim first: a run that lost the race to another run fails on it (label `job`).
    if (options.job) claimIn(tx, options.job);
    tx.update('payment', {
      Key: keys.payment(scope, payment.token),
      // The sort key kept for the lists is in their gsi sort keys from now on.
      UpdateExpression: `SET ${sets.join(', ')} REMOVE sealedNumber, listSortKey`,
      ConditionExpression: '#p.#s = :from',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
    if (options.joinLists) joinListsIn(tx, scope, payment);
    creditCaptureIn(tx, scope, payment, now);
    scheduleDisputeIn(tx, scope, payment);
    if (options.leaseExpiresAt) this.putLeaseIn(tx, scope, payment.token, options.leaseExpiresAt);
    if (options.bill?.settle) subscriptionChangeIn(tx, scope, options.bill.settle, now);
    else if (!options.job && !options.bill)
      cancelIn(tx, jobKinds.paymentRecovery, scope, payment.token, options.recoveryDueAt);
    recordEvent(tx, scope, event, now);
    await tx.commit(this.ctx.doc, { payment: () => new Changed('payment', payment.token) });
  }

  /** The list sort key written at the reservation (the payment joins its lists under it). */
  private async reservedSortKey(scope: Scope, payment: Payment, now: Date): Promise<string> {
    const item = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.payment(scope, payment.token),
        ProjectionExpression: 'listSortKey',
        ConsistentRead: true,
      }),
    );
    return (item.Item?.listSortKey as string | undefined) ?? listSortKey(now, payment.token);
  }

  /**
   * Void or capture of an authorised payment: uses up its lease (gone when another request was
   * first, or expired) and writes the new state. Capturing an authorisation also writes the charge
   * it makes. Either condition failing is the same answer: the payment changed since it was read.
   */
  async transition(
    scope: Scope,
    payment: Payment,
    event: WattleEvent,
    now: Date,
    newCharge: Payment | null = null,
  ): Promise<void> {
    const tx = newTransaction<PaymentLabel>(this.ctx)
      .delete('lease', {
        Key: keys.paymentLease(scope, payment.token),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
      })
      .update('payment', {
        Key: keys.payment(scope, payment.token),
        UpdateExpression: 'SET #p = :p, refundable = :left',
        ConditionExpression: '#p.#s = :authorised',
        ExpressionAttributeNames: { '#p': 'payment', '#s': 'state' },
        ExpressionAttributeValues: {
          ':p': storedPayment(payment),
          ':authorised': 'authorised',
          ':left': refundable(payment),
        },
      });
    if (newCharge) {
      const sortKey = listSortKey(now, newCharge.token);
      tx.put('charge', {
        Item: {
          ...keys.payment(scope, newCharge.token),
          _et: newCharge.kind,
          payment: storedPayment(newCharge),
          refundable: refundable(newCharge),
          ...membershipOf(scope, newCharge, sortKey),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      joinListsIn(tx, scope, newCharge);
    }
    creditCaptureIn(tx, scope, newCharge ?? payment, now);
    scheduleDisputeIn(tx, scope, newCharge ?? payment);
    recordEvent(tx, scope, event, now);
    const changed = () => new Changed('payment', payment.token);
    await tx.commit(this.ctx.doc, { lease: changed, payment: changed });
  }

  async session(sessionToken: string): Promise<ThreeDSecureSession | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.threeDSecureSession(sessionToken),
        ConsistentRead: true,
      }),
    );
    if (!result.Item) return null;
    return {
      scope: {
        accountId: result.Item.accountId as string,
        environment: result.Item.environment as Scope['environment'],
      },
      paymentToken: result.Item.paymentToken as string,
    };
  }

  private putLeaseIn(tx: Transaction<PaymentLabel>, scope: Scope, token: string, expiresAt: Date): void {
    tx.put('lease', {
      Item: {
        ...keys.paymentLease(scope, token),
        _et: 'authorisation_lease',
        expiresAt: toEpochSeconds(expiresAt),
      },
    });
  }
}
