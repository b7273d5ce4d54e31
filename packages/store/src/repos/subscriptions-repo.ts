import { createHash } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  isRunning,
  type LedgerEntry,
  type PendingBill,
  type Scope,
  type SelfServiceLink,
  type Subscription,
  toEpochSeconds,
} from '@wattle/domain';
import {
  Changed,
  jobKinds,
  type LoadedSubscription,
  type Page,
  type ScheduledJob,
  type SubscriptionChange,
  type SubscriptionsStore,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, counter, countIn, merchantWideShards } from '../kernel/counters.ts';
import { StoreError } from '../kernel/errors.ts';
import { recordEvent } from '../kernel/events-outbox.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { queryItems } from '../kernel/merge-sorted.ts';
import { advanceIn, cancelIn, cancelJobItemIn, claimIn, scheduleIn } from '../kernel/schedule.ts';
import type { IndexName } from '../kernel/table.ts';
import { maxTransactionItems, type Transaction } from '../kernel/transaction.ts';
import {
  type CountMoves,
  type CountState,
  movePlanCountsIn,
  type PlanCountLabel,
  planSubscriptionShards,
} from './plan-counts.ts';
import { storedSubscription, subscriptionOfItem } from './stored-subscription.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
export type SubscriptionLabel =
  | 'subscription'
  | 'bill'
  | 'ledger'
  | 'ledger-counter'
  | 'link'
  | 'newest'
  | PlanCountLabel;

interface ListOf {
  index: IndexName;
  counter: Counter;
}

/** The lists a subscription is shown in: the merchant's, its customer's and its plan's. */
const listsOf = (scope: Scope, subscription: Subscription): ListOf[] => [
  { index: 'gsi1', counter: counter(lists.subscriptions(scope), merchantWideShards) },
  { index: 'gsi2', counter: counter(lists.customerSubscriptions(scope, subscription.customerToken)) },
  {
    index: 'gsi3',
    counter: counter(lists.planSubscriptions(scope, subscription.planToken), planSubscriptionShards),
  },
];

/**
 * The counter item a ledger's count was kept in before the subscription's item kept it
 * (`ledgerCount`, which the change adding an entry writes anyway): no longer moved, but still
 * summed with the item's count for the entries recorded before, and deleted with the subscription.
 */
const ledgerCounterBefore = (scope: Scope, subscriptionToken: string) =>
  counter(lists.subscriptionLedger(scope, subscriptionToken));

/** Reads a subscription item (also a customer's list item) as the domain's subscription. */
export const toSubscription = (item: Record<string, unknown>): Subscription => {
  const pk = item.pk as string;
  return subscriptionOfItem(item.subscription as Subscription, pk.slice(pk.lastIndexOf('#') + 1));
};

/**
 * The subscription and the renewal's bill kept beside it (if one is under way): the bill's
 * beginning counted its attempt on the bill alone, so the subscription is shown as it left it.
 * The bill item stays once its bill is settled, until the next renewal's overwrites it: it is
 * under way only while its attempt is later than the last the subscription records as settled
 * (`settledBill`; an item written before that was kept had its bill item removed when settled).
 */
const toLoaded = (item: Record<string, unknown>, billItem?: Record<string, unknown>): LoadedSubscription => {
  const settledBill = typeof item.settledBill === 'number' ? item.settledBill : null;
  const kept = (billItem?.bill as PendingBill | undefined) ?? null;
  const apart = kept && (settledBill === null || kept.attempt > settledBill) ? kept : null;
  const bill = apart ?? (item.bill as PendingBill | undefined) ?? null;
  const subscription = toSubscription(item);
  return {
    subscription: apart
      ? { ...subscription, attempts: Math.max(subscription.attempts, apart.attempt + 1) }
      : subscription,
    version: Number(item.ver),
    bill,
    billApart: apart !== null,
    ...(apart && typeof billItem?.renewalDueAt === 'string'
      ? { renewalDueAt: new Date(billItem.renewalDueAt) }
      : {}),
    starting: bill?.purpose === 'start',
    // Kept apart only while the subscription is in no list; its lists' sort key otherwise.
    sortKey: (item.sortKey ?? item.gsi1sk) as string,
    ledgerCount: Number(item.ledgerCount ?? 0),
    settledBill,
  };
};

/**
 * Where a subscription counts in its plan's counts: its state while it is shown, and `starting`
 * while a bill that would make it run (its first, or a reactivation's) is under way.
 */
const countedAs = (subscription: Subscription | null, bill: PendingBill | null): CountState[] => {
  if (!subscription) return [];
  const states: CountState[] = bill?.purpose === 'start' ? [] : [subscription.state];
  if (bill && bill.purpose !== 'renewal') states.push('starting');
  return states;
};

const movesOf = (before: CountState[], after: CountState[]): CountMoves => {
  const moves: CountMoves = {};
  for (const state of before) moves[state] = (moves[state] ?? 0) - 1;
  for (const state of after) moves[state] = (moves[state] ?? 0) + 1;
  return moves;
};

/** Where a change leaves the renewal job: due at a date, removed (null), or as it is. */
type RenewalJobAfter = Date | null | 'keep';

/**
 * Where the renewal job is as `before` left it, for a change that moves or removes it without
 * claiming it: a due item at the bill's recovery date while a renewal's bill is under way apart,
 * else at the next billing date (null: none), and `jobItem` when it may still be an indexed job
 * item written before the job became a due item (a change cannot tell which, and removes both).
 */
const renewalJobOf = (before: LoadedSubscription | null): { dueAt: Date | null; jobItem: boolean } => {
  if (!before) return { dueAt: null, jobItem: false };
  if (before.billApart) {
    // A bill begun before kept no recovery date: its job is the job item the old code moved.
    return before.renewalDueAt
      ? { dueAt: before.renewalDueAt, jobItem: false }
      : { dueAt: null, jobItem: true };
  }
  const next = before.subscription.nextBillingDate;
  return { dueAt: next ? new Date(next) : null, jobItem: true };
};

/**
 * Writes the renewal job where the change leaves it. When the change claims it (the renewal run,
 * or the recovery of a renewal's bill), the claim and the move are written under the claim's
 * condition: JobTaken when another run took it first. The scheduler moves job items written before
 * into due items before it runs them, so a claimed job is always a due item. Otherwise the job is
 * found where `before` left it (renewalJobOf), removed there and put at its new due time (a due
 * item's key holds its due time), unconditionally as before: the subscription's version guards the
 * change.
 */
const renewalJobIn = <L extends string>(
  tx: Transaction<L | SubscriptionLabel>,
  scope: Scope,
  token: string,
  before: LoadedSubscription | null,
  claim: ScheduledJob | undefined,
  after: RenewalJobAfter,
): void => {
  const kind = jobKinds.subscriptionBilling;
  if (claim?.kind === kind) {
    if (after instanceof Date) advanceIn(tx, claim, after);
    else claimIn(tx, claim);
    return;
  }
  if (after === 'keep') return;
  const now = renewalJobOf(before);
  const sameKey = after instanceof Date && now.dueAt?.getTime() === after.getTime();
  if (now.dueAt && !sameKey) cancelIn(tx, kind, scope, token, now.dueAt);
  if (now.jobItem) cancelJobItemIn(tx, kind, scope, token);
  if (after instanceof Date) scheduleIn(tx, { kind, scope, token, dueAt: after });
};

/**
 * Begins a renewal's bill: the renewal job claimed and moved to when the bill is to be recovered,
 * where it stands for the bill's recovery job, and the bill in an item of its own, put over the
 * last one settled (refused, as a change that came first, when one is under way already: an item
 * of a later attempt than the subscription, at the version checked, records as settled). The
 * subscription's item is checked at the version read (a cancel or a card change in between
 * refuses the bill, as before), not rewritten with its three list copies (projection ALL): its
 * version stays, and the settlement's write of it under that version is what lets the bill
 * settle once.
 */
const beginRenewalBillIn = <L extends string>(
  tx: Transaction<L | SubscriptionLabel>,
  scope: Scope,
  token: string,
  change: SubscriptionChange & { before: LoadedSubscription },
) => {
  if (!(change.recovery instanceof Date) || change.claim?.kind !== jobKinds.subscriptionBilling) {
    throw new StoreError("A renewal's bill begins by claiming the renewal job and naming its recovery date");
  }
  renewalJobIn(tx, scope, token, change.before, change.claim, change.recovery);
  tx.refuse('subscription', () => new Changed('subscription', token));
  tx.check('subscription', {
    Key: keys.subscription(scope, token),
    ConditionExpression: 'ver = :v',
    ExpressionAttributeValues: { ':v': change.before.version },
  });
  tx.refuse('bill', () => new Changed('subscription', token));
  tx.put('bill', {
    Item: {
      ...keys.subscriptionBill(scope, token),
      _et: 'subscription_bill',
      bill: change.bill,
      // Where the renewal job now is: the changes made while the bill is under way find it by it.
      renewalDueAt: change.recovery.toISOString(),
    },
    ...(change.before.settledBill === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : {
          ConditionExpression: 'attribute_not_exists(pk) OR #bill.attempt <= :settled',
          ExpressionAttributeNames: { '#bill': 'bill' },
          ExpressionAttributeValues: { ':settled': change.before.settledBill },
        }),
  });
  return tx;
};

/**
 * Adds one change of a subscription to `tx`: the item under the version read before (refused with
 * Changed when another change came first), its lists, its plan's counts, its ledger credit, its
 * events and its jobs. A bill's charge commits its bill's change in its own transaction with it
 * (payments-repo), so a renewal takes two transactions, not four; a renewal's bill begins apart
 * (beginRenewalBillIn).
 */
export const subscriptionChangeIn = <L extends string>(
  tx: Transaction<L | SubscriptionLabel>,
  scope: Scope,
  change: SubscriptionChange,
  now: Date,
): Transaction<L | SubscriptionLabel> => {
  const { before, after } = change;
  const subscription = (after ?? before?.subscription)!;
  const { token } = subscription;
  const apartBefore = before?.bill ? before.billApart : false;
  if (before && !before.bill && change.bill?.purpose === 'renewal') {
    return beginRenewalBillIn(tx, scope, token, { ...change, before });
  }
  // While a renewal's bill stays under way apart, its recovery is the renewal job's: it stays.
  const apartAfter = apartBefore && change.bill !== null;
  const sortKey = before?.sortKey ?? listSortKey(now, token);
  const ledgerCount = (before?.ledgerCount ?? 0) + (change.credit ? 1 : 0);
  // A renewal's bill kept apart, once settled, stays in its item (the next one overwrites it): the
  // subscription records its attempt as settled, and carries that on.
  const settledBill =
    apartBefore && !apartAfter && before?.bill ? before.bill.attempt : (before?.settledBill ?? null);
  const shown = after !== null && change.bill?.purpose !== 'start';
  const shownBefore = before !== null && !before.starting;
  const jobAfter: RenewalJobAfter =
    apartAfter || change.renewalJob === 'keep'
      ? 'keep'
      : after && shown && isRunning(after) && after.nextBillingDate
        ? new Date(after.nextBillingDate)
        : shownBefore || change.claim?.kind === jobKinds.subscriptionBilling
          ? null
          : 'keep';
  // The job's claim first: a run that lost the race to another run is refused on it (JobTaken).
  if (change.claim && change.claim.kind !== jobKinds.subscriptionBilling) claimIn(tx, change.claim);
  renewalJobIn(tx, scope, token, before, change.claim, jobAfter);
  tx.refuse('subscription', () => new Changed('subscription', token));
  const guard = before
    ? { ConditionExpression: 'ver = :v', ExpressionAttributeValues: { ':v': before.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
  if (after) {
    tx.put('subscription', {
      Item: {
        ...keys.subscription(scope, token),
        _et: 'subscription',
        subscription: storedSubscription(after),
        ver: (before?.version ?? 0) + 1,
        ...(change.bill && !apartAfter ? { bill: change.bill } : {}),
        // The ledger's count rides on the item under its version: no counter item to move.
        ...(ledgerCount > 0 ? { ledgerCount } : {}),
        ...(settledBill === null ? {} : { settledBill }),
        // Shown, the lists' sort keys hold it (toLoaded): not a fourth copy.
        ...(shown
          ? Object.assign(
              {},
              ...listsOf(scope, after).map((l) => listMembership(l.index, l.counter.listKey, sortKey)),
            )
          : { sortKey }),
      },
      ...guard,
    });
  } else {
    tx.delete('subscription', { Key: keys.subscription(scope, token), ...guard });
  }
  // Settled, the bill item stays while the subscription does (settledBill says it is over).
  if (apartBefore && !after) tx.delete('bill', { Key: keys.subscriptionBill(scope, token) });
  if (shown !== shownBefore) {
    for (const l of listsOf(scope, subscription)) countIn(tx, l.counter, shown ? 1 : -1);
  }
  movePlanCountsIn(
    tx,
    scope,
    subscription.planToken,
    movesOf(countedAs(before?.subscription ?? null, before?.bill ?? null), countedAs(after, change.bill)),
    change.planMustBeLive,
  );
  if (change.credit) {
    const { entry, attempt } = change.credit;
    const key = keys.ledgerEntry(scope, token, attempt);
    tx.put('ledger', {
      Item: {
        ...key,
        _et: 'ledger_entry',
        entry,
        ...listMembership('gsi1', lists.subscriptionLedger(scope, token), listSortKey(now, key.sk)),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  }
  for (const event of change.events) recordEvent(tx, scope, event, now);
  // A bill kept on the subscription has a recovery job of its own.
  if (change.recovery instanceof Date && !apartAfter) {
    scheduleIn(tx, { kind: jobKinds.billRecovery, scope, token, dueAt: change.recovery });
  } else if (change.recovery === 'cancel' && !apartBefore && change.claim?.kind !== jobKinds.billRecovery) {
    cancelIn(tx, jobKinds.billRecovery, scope, token);
  }
  return tx;
};

/**
 * Subscriptions and their ledgers. Every change is one transaction under the version read before
 * (refused with Changed when another change came first): the item, its lists, its plan's counts,
 * its ledger credit, its events and its jobs. The renewal job (kind subscriptionBilling, token: the
 * subscription's) is due at its next billing date; the recovery job of a bill (billRecovery) is due
 * well after any function that began the bill has timed out, and the bill's own commit removes it.
 */
const linkHash = (linkToken: string): string => createHash('sha256').update(linkToken).digest('hex');

export class SubscriptionsRepo implements SubscriptionsStore {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * A link is a bearer credential (it cancels a subscription): kept under its SHA-256 like API
   * keys, so the table never holds a usable link, and expired by TTL at its own expiry. Written
   * with the mark of its subscription's newest link (the hash again), in one transaction, so the
   * link issued before stops working the moment this one exists.
   */
  async saveSelfServiceLink(link: SelfServiceLink): Promise<void> {
    const { token, ...stored } = link;
    const hash = linkHash(token);
    const expiresAt = toEpochSeconds(new Date(link.expiresAt));
    await newTransaction<SubscriptionLabel>(this.ctx)
      .put('link', {
        Item: { ...keys.selfServiceLink(hash), _et: 'self-service-link', link: stored, expiresAt },
      })
      .put('newest', {
        Item: {
          ...keys.newestSelfServiceLink(link.scope, link.subscriptionToken),
          _et: 'self-service-newest',
          linkHash: hash,
          expiresAt,
        },
      })
      .commit(this.ctx.doc);
  }

  /** The link, or null when it is unknown or a newer link of its subscription replaced it. */
  async selfServiceLink(linkToken: string): Promise<SelfServiceLink | null> {
    const hash = linkHash(linkToken);
    const read = (key: { pk: string; sk: string }) =>
      this.ctx.doc.send(new GetCommand({ TableName: this.ctx.tableName, Key: key, ConsistentRead: true }));
    // A link kept before links counted reactivations has no count: issued before any of them.
    const stored = (await read(keys.selfServiceLink(hash))).Item?.link as
      | (Omit<SelfServiceLink, 'token' | 'reactivations'> & { reactivations?: number })
      | undefined;
    if (!stored) return null;
    const newest = (await read(keys.newestSelfServiceLink(stored.scope, stored.subscriptionToken))).Item;
    // A subscription with no mark has only links kept before marks were (any newer link writes one).
    if (newest && newest.linkHash !== hash) return null;
    return { ...stored, reactivations: stored.reactivations ?? 0, token: linkToken };
  }

  /** The subscription and a renewal's bill under way beside it, in one Query of its partition. */
  async get(scope: Scope, token: string): Promise<LoadedSubscription | null> {
    const { pk, sk } = keys.subscription(scope, token);
    const result = await this.ctx.doc.send(
      new QueryCommand({
        TableName: this.ctx.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': sk },
        ConsistentRead: true,
      }),
    );
    const [item, bill] = [sk, keys.subscriptionBill(scope, token).sk].map((want) =>
      result.Items?.find((i) => i.sk === want),
    );
    return item ? toLoaded(item, bill) : null;
  }

  list(scope: Scope, page: number): Promise<Page<Subscription>> {
    return this.page('gsi1', counter(lists.subscriptions(scope), merchantWideShards), page);
  }

  listForPlan(scope: Scope, planToken: string, page: number): Promise<Page<Subscription>> {
    const c = counter(lists.planSubscriptions(scope, planToken), planSubscriptionShards);
    return this.page('gsi3', c, page);
  }

  ledger(scope: Scope, subscriptionToken: string, page: number): Promise<Page<LedgerEntry>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      {
        index: 'gsi1',
        listKey: lists.subscriptionLedger(scope, subscriptionToken),
        counter: () => this.ledgerTotal(scope, subscriptionToken),
      },
      page,
      (item) => item.entry as LedgerEntry,
    );
  }

  /** The count on the subscription's item and the one its counter item kept before, read together. */
  private async ledgerTotal(scope: Scope, subscriptionToken: string): Promise<number> {
    const wanted = [
      keys.subscription(scope, subscriptionToken),
      keys.counterShard(ledgerCounterBefore(scope, subscriptionToken).listKey, 0),
    ];
    const result = await this.ctx.doc.send(
      new BatchGetCommand({
        RequestItems: {
          [this.ctx.tableName]: { Keys: wanted, ConsistentRead: true },
        },
      }),
    );
    const items = result.Responses?.[this.ctx.tableName] ?? [];
    return items.reduce((sum, item) => sum + Number(item.ledgerCount ?? 0) + Number(item.n ?? 0), 0);
  }

  async commit(scope: Scope, change: SubscriptionChange, now: Date): Promise<void> {
    await subscriptionChangeIn(newTransaction<SubscriptionLabel>(this.ctx), scope, change, now).commit(
      this.ctx.doc,
    );
  }

  private page(index: IndexName, c: Counter, page: number): Promise<Page<Subscription>> {
    return readPage(
      this.ctx.doc,
      this.ctx.tableName,
      { index, listKey: c.listKey, counter: c },
      page,
      toSubscription,
    );
  }
}

/**
 * Deletes every subscription of a plan being deleted, each with its ledger, list counts and jobs
 * (none runs: the plan's deletion required it). Walks the plan's list once; a subscription
 * already gone is skipped, so a second purge of the same plan is harmless.
 */
export const deleteSubscriptionsOfPlan = async (
  ctx: StoreContext,
  scope: Scope,
  planToken: string,
): Promise<void> => {
  const subscriptions = queryItems(ctx.doc, {
    TableName: ctx.tableName,
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': lists.planSubscriptions(scope, planToken) },
  });
  for await (const item of subscriptions) await deleteSubscription(ctx, scope, toSubscription(item));
};

const deleteSubscription = async (ctx: StoreContext, scope: Scope, subscription: Subscription) => {
  const { token } = subscription;
  const { pk } = keys.subscription(scope, token);
  const entries: string[] = [];
  const ledger = queryItems(ctx.doc, {
    TableName: ctx.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': keys.ledgerEntryPrefix },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  for await (const item of ledger) entries.push(String(item.sk));
  const room = maxTransactionItems - 10;
  while (entries.length > room) {
    const tx = newTransaction<SubscriptionLabel>(ctx);
    for (const sk of entries.splice(0, room)) tx.delete('ledger', { Key: { pk, sk } });
    await tx.commit(ctx.doc);
  }
  const tx = newTransaction<SubscriptionLabel>(ctx).delete('subscription', {
    Key: keys.subscription(scope, token),
    ConditionExpression: 'attribute_exists(pk)',
  });
  for (const sk of entries) tx.delete('ledger', { Key: { pk, sk } });
  tx.delete('ledger-counter', { Key: keys.counterShard(ledgerCounterBefore(scope, token).listKey, 0) });
  countIn(tx, counter(lists.subscriptions(scope), merchantWideShards), -1);
  countIn(tx, counter(lists.customerSubscriptions(scope, subscription.customerToken)), -1);
  // The renewal job, wherever it may be: at the next billing date, or a bill's recovery date (on
  // the bill item), or still an indexed job item.
  const billItem = await ctx.doc.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: keys.subscriptionBill(scope, token),
      ConsistentRead: true,
    }),
  );
  const renewalDue = [subscription.nextBillingDate, billItem.Item?.renewalDueAt as string | undefined];
  for (const dueAt of new Set(renewalDue.filter((d): d is string => Boolean(d)).map((d) => Date.parse(d)))) {
    cancelIn(tx, jobKinds.subscriptionBilling, scope, token, new Date(dueAt));
  }
  cancelJobItemIn(tx, jobKinds.subscriptionBilling, scope, token);
  cancelIn(tx, jobKinds.billRecovery, scope, token);
  tx.delete('bill', { Key: keys.subscriptionBill(scope, token) });
  try {
    await tx.commit(ctx.doc);
  } catch (error) {
    if (tx.failedOn(error)?.label !== 'subscription') throw error;
  }
};
