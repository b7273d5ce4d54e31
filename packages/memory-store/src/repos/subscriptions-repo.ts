import { createHash } from 'node:crypto';
import {
  type LedgerEntry,
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
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { StoreWrites } from './store-writes.ts';
import {
  asStored,
  billsOf,
  ledgerList,
  ledgerOf,
  type StoredBill,
  type StoredSubscription,
  subscriptionLists,
  subscriptionOf,
  subscriptionsOf,
} from './subscription-records.ts';

/** The subscription as loaded (loadedSubscriptionOf) from its record and a renewal's bill kept apart. */
const toLoaded = (stored: StoredSubscription, billRecord: StoredBill | undefined): LoadedSubscription =>
  loadedSubscriptionOf(
    {
      subscription: copy(stored.subscription),
      version: stored.ver,
      bill: copy(stored.bill),
      sortKey: stored.sortKey,
      ledgerCount: stored.ledgerCount,
      settledBill: stored.settledBill,
    },
    billRecord
      ? {
          bill: copy(billRecord.bill),
          ...(billRecord.renewalDueAt ? { renewalDueAt: new Date(billRecord.renewalDueAt) } : {}),
        }
      : null,
  );

/** The guard of a subscription's write: the version read, or no subscription yet. */
const versionHolds = (world: MemoryWorld, id: string, from: LoadedSubscription | null) => () =>
  from ? subscriptionsOf(world).get(id)?.ver === from.version : !subscriptionsOf(world).has(id);

/**
 * The subscription under the version read (Changed when another change came first), with its bill
 * kept on it, its ledger's count and the last renewal bill settled apart carried on, in its lists
 * while it is listed (their counts move apart: `subscription-lists`).
 */
const subscriptionIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  sc: Extract<SubscriptionWrite, { kind: 'subscription' }>,
  now: Date,
) => {
  const { subscription, from } = sc;
  const { token } = subscription;
  const id = scoped(scope, token);
  const sortKey = from?.sortKey ?? listSortKey(now, token);
  change.check(versionHolds(world, id, from), subscriptionChanged(token)).write(() => {
    const { version, bill, ledgerCount, settledBill } = subscriptionRecordOf(sc);
    subscriptionsOf(world).set(id, {
      subscription: asStored(subscription),
      ver: version,
      bill: copy(bill),
      ledgerCount,
      settledBill,
      sortKey,
    });
    for (const list of subscriptionLists(scope, subscription)) {
      if (sc.listed) world.lists.join(list, sortKey, id);
      else world.lists.leave(list, sortKey);
    }
  });
};

/** Each world's interpreter of the generic writes, for the changes they say. */
const writers = new WeakMap<MemoryWorld, StoreWrites>();
const writerOf = (world: MemoryWorld): StoreWrites => {
  let writer = writers.get(world);
  if (!writer) {
    writer = new StoreWrites(world);
    writers.set(world, writer);
  }
  return writer;
};

/**
 * Adds one of a subscription's changes (the domain's: subscription-changes.ts) to `change`, as the
 * DynamoDB store's subscriptionChangeIn adds it to its transaction: as the generic writes say it
 * (@wattle/ports' subscriptionStoreWrites), or, the subscription's own record, as the world
 * keeps it (subscriptionIn). A bill's charge commits its bill's changes with it.
 */
export const subscriptionChangeIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  sc: SubscriptionWrite,
  now: Date,
): Change => {
  if (!isSubscriptionRecordWrite(sc))
    return writerOf(world).addTo(change, scope, subscriptionStoreWrites(scope, sc, now), now);
  subscriptionIn(world, change, scope, sc, now);
  return change;
};

const linkHash = (linkToken: string): string => createHash('sha256').update(linkToken).digest('hex');

/** Subscriptions, their ledgers, and the plan counts and jobs that move with them. */
export class SubscriptionsRepo implements SubscriptionsStore {
  private readonly links;
  private readonly newest;

  constructor(private readonly world: MemoryWorld) {
    this.links = world.expiring<{ link: Omit<SelfServiceLink, 'token'>; expiresAt: number }>(
      'self-service-link',
      (stored) => stored.expiresAt,
    );
    this.newest = world.expiring<{ linkHash: string; expiresAt: number }>(
      'self-service-newest',
      (n) => n.expiresAt,
    );
  }

  async get(scope: Scope, token: string): Promise<LoadedSubscription | null> {
    const id = scoped(scope, token);
    const stored = subscriptionsOf(this.world).get(id);
    return stored ? toLoaded(stored, billsOf(this.world).get(id)) : null;
  }

  async list(scope: Scope, page: number): Promise<Page<Subscription>> {
    return pageOf(this.world.lists.page(listKey(scope, 'subscriptions'), page), (id) =>
      subscriptionOf(this.world, id),
    );
  }

  async listForPlan(scope: Scope, planToken: string, page: number): Promise<Page<Subscription>> {
    return pageOf(this.world.lists.page(listKey(scope, 'subscriptions', planToken), page), (id) =>
      subscriptionOf(this.world, id),
    );
  }

  /** Its entries, counted on the subscription's record (its writes carry the count on). */
  async ledger(scope: Scope, subscriptionToken: string, page: number): Promise<Page<LedgerEntry>> {
    const { ids } = this.world.lists.page(ledgerList(scope, subscriptionToken), page);
    const total = subscriptionsOf(this.world).get(scoped(scope, subscriptionToken))?.ledgerCount ?? 0;
    return pageOf({ ids, total }, (id) => {
      const stored = ledgerOf(this.world).get(id);
      return stored ? copy(stored.entry) : undefined;
    });
  }

  /** Commits a subscription's changes together, in their order, or none of them (see SubscriptionWrite). */
  async commit(scope: Scope, changes: readonly SubscriptionWrite[], now: Date): Promise<void> {
    const change = new Change();
    for (const sc of changes) subscriptionChangeIn(this.world, change, scope, sc, now);
    change.commit();
  }

  async saveSelfServiceLink(link: SelfServiceLink): Promise<void> {
    const { token, ...stored } = link;
    const hash = linkHash(token);
    const expiresAt = toEpochSeconds(new Date(link.expiresAt));
    const newestId = scoped(link.scope, link.subscriptionToken);
    this.links.set(hash, { link: copy(stored), expiresAt });
    this.newest.set(newestId, { linkHash: hash, expiresAt });
    this.world.expiry.add('self-service-link', hash, expiresAt);
    this.world.expiry.add('self-service-newest', newestId, expiresAt);
  }

  async selfServiceLink(linkToken: string): Promise<SelfServiceLink | null> {
    const hash = linkHash(linkToken);
    const stored = this.links.get(hash);
    if (!stored) return null;
    const newest = this.newest.get(scoped(stored.link.scope, stored.link.subscriptionToken));
    if (newest && newest.linkHash !== hash) return null;
    return { ...copy(stored.link), token: linkToken } as SelfServiceLink;
  }
}
