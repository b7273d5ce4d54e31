import { createHash } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type LedgerEntry,
  type PendingBill,
  type Scope,
  type SelfServiceLink,
  type Subscription,
  toEpochSeconds,
} from '@wattle/domain';
import {
  isSubscriptionRecordWrite,
  type LoadedSubscription,
  loadedSubscriptionOf,
  type Page,
  type SubscriptionsStore,
  type SubscriptionWrite,
  subscriptionChanged,
  subscriptionRecordOf,
  subscriptionStoreWrites,
} from '@wattle/ports';
import { newTransaction, type StoreContext } from '../kernel/context.ts';
import { type Counter, counter, merchantWideShards } from '../kernel/counters.ts';
import { keys, listSortKey, lists } from '../kernel/keys.ts';
import { listMembership, readPage } from '../kernel/list-page.ts';
import { queryItems } from '../kernel/merge-sorted.ts';
import type { IndexName } from '../kernel/table.ts';
import type { Transaction } from '../kernel/transaction.ts';
import { planSubscriptionShards } from './plan-counts.ts';
import { addWritesTo, type WriteLabel } from './store-writes.ts';
import { storedSubscription, subscriptionOfItem } from './stored-subscription.ts';

/** The labels of this repository's transaction items (Transaction's `L`). */
export type SubscriptionLabel = 'subscription' | 'bill' | 'ledger' | 'ledger-counter' | 'link' | 'newest';

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
 * The subscription item and the renewal's bill item kept beside it, read as loadedSubscriptionOf
 * says (an item written before `settledBill` was kept had its bill item removed when settled).
 */
const toLoaded = (item: Record<string, unknown>, billItem?: Record<string, unknown>): LoadedSubscription =>
  loadedSubscriptionOf(
    {
      subscription: toSubscription(item),
      version: Number(item.ver),
      bill: (item.bill as PendingBill | undefined) ?? null,
      // Kept apart only while the subscription is in no list; its lists' sort key otherwise.
      sortKey: (item.sortKey ?? item.gsi1sk) as string,
      ledgerCount: Number(item.ledgerCount ?? 0),
      settledBill: typeof item.settledBill === 'number' ? item.settledBill : null,
    },
    billItem?.bill
      ? {
          bill: billItem.bill as PendingBill,
          ...(typeof billItem.renewalDueAt === 'string'
            ? { renewalDueAt: new Date(billItem.renewalDueAt) }
            : {}),
        }
      : null,
  );

/** The guard of a subscription's write: the version read, or no subscription yet. */
const versionGuard = (from: LoadedSubscription | null) =>
  from
    ? { ConditionExpression: 'ver = :v', ExpressionAttributeValues: { ':v': from.version } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };

/**
 * The subscription's item under the version read (Changed when another change came first), with
 * its bill kept on it, its ledger's count and the last renewal bill settled apart carried on, and
 * its lists' sort keys while it is listed (else its sort key alone, kept for when it is).
 */
const subscriptionIn = <L extends string>(
  tx: Transaction<L | SubscriptionLabel>,
  scope: Scope,
  change: Extract<SubscriptionWrite, { kind: 'subscription' }>,
  now: Date,
) => {
  const { subscription, from } = change;
  const { token } = subscription;
  const sortKey = from?.sortKey ?? listSortKey(now, token);
  // A renewal's bill kept apart, once settled, stays in its item (the next one overwrites it): the
  // subscription records its attempt as settled (settledBill), and carries that on.
  const { version, bill, ledgerCount, settledBill } = subscriptionRecordOf(change);
  tx.refuse('subscription', subscriptionChanged(token));
  tx.put('subscription', {
    Item: {
      ...keys.subscription(scope, token),
      _et: 'subscription',
      subscription: storedSubscription(subscription),
      ver: version,
      ...(bill ? { bill } : {}),
      // The ledger's count rides on the item under its version: no counter item to move.
      ...(ledgerCount > 0 ? { ledgerCount } : {}),
      ...(settledBill === null ? {} : { settledBill }),
      // Listed, the lists' sort keys hold it (toLoaded): not a fourth copy.
      ...(change.listed
        ? Object.assign(
            {},
            ...listsOf(scope, subscription).map((l) => listMembership(l.index, l.counter.listKey, sortKey)),
          )
        : { sortKey }),
    },
    ...versionGuard(from),
  });
};

/**
 * Adds one of a subscription's changes (the domain's: subscription-changes.ts) to `tx`: as the
 * generic writes say it (@wattle/ports' subscriptionStoreWrites), or, the subscription's own
 * record, as this table lays it out (subscriptionIn). A bill's charge commits its bill's changes in its own
 * transaction with it (payments-repo), so a renewal takes two transactions, not four.
 */
export const subscriptionChangeIn = <L extends string>(
  tx: Transaction<L | SubscriptionLabel | WriteLabel>,
  scope: Scope,
  change: SubscriptionWrite,
  now: Date,
): void => {
  if (isSubscriptionRecordWrite(change)) subscriptionIn(tx, scope, change, now);
  else addWritesTo(tx, scope, subscriptionStoreWrites(scope, change, now), now);
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

  /** Commits a subscription's changes in one transaction, in their order (see SubscriptionWrite). */
  async commit(scope: Scope, changes: readonly SubscriptionWrite[], now: Date): Promise<void> {
    const tx = newTransaction<SubscriptionLabel | WriteLabel>(this.ctx);
    for (const change of changes) subscriptionChangeIn(tx, scope, change, now);
    await tx.commit(this.ctx.doc);
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

/** The subscriptions of a plan's list, as they are read (a plan's purge's). */
export async function* subscriptionsOfPlan(
  ctx: StoreContext,
  scope: Scope,
  planToken: string,
): AsyncIterable<Subscription> {
  const items = queryItems(ctx.doc, {
    TableName: ctx.tableName,
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': lists.planSubscriptions(scope, planToken) },
  });
  for await (const item of items) yield toSubscription(item);
}

/** What a subscription's purge reads: its ledger entries' attempts, and its renewal's bill's recovery date. */
export const purgeReadOf = async (
  ctx: StoreContext,
  scope: Scope,
  { token }: Subscription,
): Promise<{ attempts: number[]; renewalDueAt?: string | undefined }> => {
  const ledger = queryItems(ctx.doc, {
    TableName: ctx.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.subscription(scope, token).pk,
      ':prefix': keys.ledgerEntryPrefix,
    },
    ProjectionExpression: 'sk',
    ConsistentRead: true,
  });
  const attempts: number[] = [];
  for await (const item of ledger)
    attempts.push(Number(String(item.sk).slice(keys.ledgerEntryPrefix.length)));
  const bill = await ctx.doc.send(
    new GetCommand({
      TableName: ctx.tableName,
      Key: keys.subscriptionBill(scope, token),
      ConsistentRead: true,
    }),
  );
  return { attempts, renewalDueAt: bill.Item?.renewalDueAt as string | undefined };
};
