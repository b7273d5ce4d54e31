import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  type Payment,
  type PaymentChange,
  type PaymentClaim,
  type PaymentKind,
  refundable,
  type Scope,
  type TransferLink,
  toEpochSeconds,
} from '@wattle/domain';
import {
  jobKindOf,
  KeyHeld,
  type Page,
  type PaymentsStore,
  type PaymentWrite,
  paymentRefusal,
  type SealedSecrets,
  scheduledJobOf,
  type ThreeDSecureSession,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readBetween, readPage } from '../kernel/list-page.ts';
import { cancelIn, claimIn, scheduleIn } from '../kernel/schedule.ts';
import type { IndexName } from '../kernel/table.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { type BalanceLabel, creditIn, debitIn } from './balance-repo.ts';
import { CardTokensRepo } from './card-tokens-repo.ts';
import { heldKeyOf, keyClaimOf, keyCompletionOf } from './idempotency-repo.ts';
import { PaymentSourcesRepo } from './payment-sources-repo.ts';
import { paymentOfItem, storedPayment } from './stored-payment.ts';
import { subscriptionChangeIn } from './subscriptions-repo.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
type PaymentLabel = 'payment' | 'session' | 'charge' | 'lease' | 'idempotency-key' | BalanceLabel;

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

/**
 * A reserved payment's item, new (TokenTaken when its token exists: derived from an
 * Idempotency-Key or a bill's attempt, the same request reserved it before), with its sealed
 * number; in its lists now, or keeping the place (its gsi sort keys) its settlement lists it at.
 */
const reservationIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  reservation: Extract<PaymentChange, { kind: 'reservation' }>,
  now: Date,
): void => {
  const { payment, sealedNumber, sealedCvc, listed } = reservation;
  const sortKey = listSortKey(now, payment.token);
  tx.put('payment', {
    Item: {
      ...keys.payment(scope, payment.token),
      _et: payment.kind,
      payment: storedPayment(payment),
      sealedNumber,
      ...(sealedCvc ? { sealedCvc } : {}),
      ...(listed ? membershipOf(scope, payment, sortKey) : { listSortKey: sortKey }),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  }).refuse('payment', paymentRefusal(reservation));
  if (listed) joinListsIn(tx, scope, payment);
};

/** A payment moved to its route's next account: only from the state and account it was read on; its sealed card stays. */
const failoverIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  failover: Extract<PaymentChange, { kind: 'failover' }>,
): void => {
  const { payment, from, fromAccount } = failover;
  tx.update('payment', {
    Key: keys.payment(scope, payment.token),
    UpdateExpression: 'SET #p = :p',
    ConditionExpression: '#p.#s = :from AND #p.#a = :account',
    ExpressionAttributeNames: { '#p': 'payment', '#s': 'state', '#a': 'processorAccount' },
    ExpressionAttributeValues: { ':p': storedPayment(payment), ':from': from, ':account': fromAccount },
  }).refuse('payment', paymentRefusal(failover));
};

/**
 * A payment's new state, only from the state it was read in (Changed when another request or run
 * came first): its sealed number dropped, and, joining its lists, listed under `listedAt`.
 */
const paymentIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  change: Extract<PaymentChange, { kind: 'payment' }>,
  listedAt: string | null,
): void => {
  const { payment, from, claimed } = change;
  const membership = listedAt ? membershipOf(scope, payment, listedAt) : {};
  const names: Record<string, string> = { '#p': 'payment', '#s': 'state' };
  const values: Record<string, unknown> = {
    ':p': storedPayment(payment),
    ':from': from,
    ':left': refundable(payment),
  };
  const held = claimed ? claimHeld(claimed, names, values) : null;
  const sets = ['#p = :p', 'refundable = :left'];
  for (const [i, [name, value]] of Object.entries(membership).entries()) {
    names[`#m${i}`] = name;
    values[`:m${i}`] = value;
    sets.push(`#m${i} = :m${i}`);
  }
  tx.update('payment', {
    Key: keys.payment(scope, payment.token),
    // The sort key kept for the lists is in their gsi sort keys from now on.
    UpdateExpression: `SET ${sets.join(', ')} REMOVE sealedNumber, sealedCvc, listSortKey`,
    ConditionExpression: held ? `#p.#s = :from AND ${held}` : '#p.#s = :from',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  }).refuse('payment', paymentRefusal(change));
  if (listedAt) joinListsIn(tx, scope, payment);
};

/**
 * The condition that `claim` holds the payment (its action, and a capture's amount), its names and
 * values added to the expression's.
 */
const claimHeld = (
  claim: PaymentClaim,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string => {
  Object.assign(names, { '#p': 'payment', '#c': 'claim', '#ca': 'action', '#cm': 'amount' });
  values[':claimAction'] = claim.action;
  if (claim.action === 'void') return '(#p.#c.#ca = :claimAction AND attribute_not_exists(#p.#c.#cm))';
  values[':claimAmount'] = claim.amount;
  return '(#p.#c.#ca = :claimAction AND #p.#c.#cm = :claimAmount)';
};

/**
 * A void or capture's claim on an authorised payment: written while it is authorised and
 * unclaimed, or claimed by the same action (a retry); Changed otherwise.
 */
const paymentClaimIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  change: Extract<PaymentChange, { kind: 'claim' }>,
): void => {
  const { paymentToken, claim } = change;
  const names: Record<string, string> = { '#s': 'state' };
  const values: Record<string, unknown> = { ':claim': claim, ':authorised': 'authorised' };
  const held = claimHeld(claim, names, values);
  tx.update('payment', {
    Key: keys.payment(scope, paymentToken),
    UpdateExpression: 'SET #p.#c = :claim',
    ConditionExpression: `#p.#s = :authorised AND (attribute_not_exists(#p.#c) OR ${held})`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  }).refuse('payment', paymentRefusal(change));
};

/** A claim the processor refused, removed while it is this one (Changed otherwise). */
const claimReleaseIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  change: Extract<PaymentChange, { kind: 'claim-release' }>,
): void => {
  const { paymentToken, claim } = change;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const held = claimHeld(claim, names, values);
  tx.update('payment', {
    Key: keys.payment(scope, paymentToken),
    UpdateExpression: 'REMOVE #p.#c',
    ConditionExpression: held,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  }).refuse('payment', paymentRefusal(change));
};

/** The charge an authorisation's capture makes: new, settled, listed at `now`. */
const captureChargeIn = (tx: Transaction<PaymentLabel>, scope: Scope, charge: Payment, now: Date): void => {
  tx.put('charge', {
    Item: {
      ...keys.payment(scope, charge.token),
      _et: charge.kind,
      payment: storedPayment(charge),
      refundable: refundable(charge),
      ...membershipOf(scope, charge, listSortKey(now, charge.token)),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  joinListsIn(tx, scope, charge);
};

/** The 3-D Secure session, wanted only to verify the charge after the payer's return: kept as long as its events. */
const sessionIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  { sessionToken, paymentToken }: Extract<PaymentChange, { kind: 'session' }>,
  now: Date,
): void => {
  tx.put('session', {
    Item: {
      ...keys.threeDSecureSession(sessionToken),
      _et: 'three_d_secure_session',
      accountId: scope.accountId,
      environment: scope.environment,
      paymentToken,
      expiresAt: toEpochSeconds(now) + tx.retention.eventsSeconds,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
};

const leaseIn = (tx: Transaction<PaymentLabel>, scope: Scope, token: string, until: Date): void => {
  tx.put('lease', {
    Item: {
      ...keys.paymentLease(scope, token),
      _et: 'authorisation_lease',
      expiresAt: toEpochSeconds(until),
    },
  });
};

/** Uses up a lease: Changed when it is gone (used by another void or capture) or expired. */
const leaseUseIn = (
  tx: Transaction<PaymentLabel>,
  scope: Scope,
  change: Extract<PaymentChange, { kind: 'lease-use' }>,
  now: Date,
): void => {
  tx.delete('lease', {
    Key: keys.paymentLease(scope, change.paymentToken),
    ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
    ExpressionAttributeValues: { ':now': toEpochSeconds(now) },
  }).refuse('lease', paymentRefusal(change));
};

/**
 * Charges and authorisations. A payment is reserved (card token used up, recovery scheduled)
 * before the processor is asked, then settled with its outcome: the processor is asked at most
 * once per reservation, and a crash in between is finished by the recovery job. What each write
 * does is the domain's list of changes (PaymentChange); `commit` writes them, one function per kind.
 */
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

  /** The sealed number (and CVC, when one was sent) a reserved payment keeps until it is settled. */
  async sealedSecretsOf(scope: Scope, token: string): Promise<SealedSecrets | null> {
    const result = await this.ctx.doc.send(
      new GetCommand({
        TableName: this.ctx.tableName,
        Key: keys.payment(scope, token),
        ConsistentRead: true,
        ProjectionExpression: 'sealedNumber, sealedCvc',
      }),
    );
    const sealedNumber = result.Item?.sealedNumber as string | undefined;
    if (!sealedNumber) return null;
    const sealedCvc = result.Item?.sealedCvc as string | undefined;
    return sealedCvc ? { sealedNumber, sealedCvc } : { sealedNumber };
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

  /** Commits a payment's changes in one transaction, in their order (see PaymentWrite). */
  async commit(scope: Scope, changes: readonly PaymentWrite[], now: Date): Promise<void> {
    const tx = newTransaction<PaymentLabel>(this.ctx);
    for (const change of changes) {
      switch (change.kind) {
        case 'reservation':
          reservationIn(tx, scope, change, now);
          break;
        case 'payment':
          paymentIn(tx, scope, change, await this.listedAt(scope, change, now));
          break;
        case 'failover':
          failoverIn(tx, scope, change);
          break;
        case 'capture-charge':
          captureChargeIn(tx, scope, change.charge, now);
          break;
        case 'claim':
          paymentClaimIn(tx, scope, change);
          break;
        case 'claim-release':
          claimReleaseIn(tx, scope, change);
          break;
        case 'card-token-use':
          this.tokens.consumeIn(tx, scope, change.cardToken, now);
          break;
        case 'payment-source-use':
          this.paymentSources.consumeIn(tx, scope, change.paymentSourceToken, now);
          break;
        case 'session':
          sessionIn(tx, scope, change, now);
          break;
        case 'lease':
          leaseIn(tx, scope, change.paymentToken, change.until);
          break;
        case 'lease-use':
          leaseUseIn(tx, scope, change, now);
          break;
        case 'balance-credit':
          creditIn(tx, scope, change);
          break;
        case 'balance-debit':
          debitIn(tx, scope, change.currency, change.amount);
          break;
        case 'schedule-job':
          scheduleIn(tx, scheduledJobOf(scope, change.job));
          break;
        case 'end-job':
          cancelIn(
            tx,
            jobKindOf[change.job.job],
            scope,
            change.job.token,
            change.job.dueAt,
            change.scheduledHere ? 'where-written' : 'anywhere',
          );
          break;
        case 'claim-job':
          claimIn(tx, scheduledJobOf(scope, change.job));
          break;
        case 'event':
          recordEvent(tx, scope, change.event, now);
          break;
        case 'key-claim':
          tx.put('idempotency-key', keyClaimOf(scope, change.keyHash, change.requestHash, change.times));
          tx.refuse('idempotency-key', (held) => new KeyHeld(heldKeyOf(held ?? {}, change.requestHash)));
          break;
        case 'key-completion':
          tx.update('idempotency-key', keyCompletionOf(scope, change.keyHash, change.response));
          break;
        default:
          // A bill's changes, riding with its charge's. A payment's kind added to PaymentWrite
          // without its function here does not compile.
          subscriptionChangeIn(tx, scope, change, now);
      }
    }
    await tx.commit(this.ctx.doc);
  }

  /**
   * Where a payment joining its lists sorts there: at its reservation, when the writer reserved
   * it (it knows when), else as its reservation kept it on the item. Null when it does not join.
   */
  private async listedAt(
    scope: Scope,
    { payment, listing }: Extract<PaymentChange, { kind: 'payment' }>,
    now: Date,
  ): Promise<string | null> {
    if (!listing.joins) return null;
    if (listing.reservedAt) return listSortKey(listing.reservedAt, payment.token);
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
}
