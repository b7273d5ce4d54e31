import { createHash } from 'node:crypto';
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
  Missing,
  type Page,
  type PlanCounts,
  type ScheduledJob,
  type SubscriptionChange,
  type SubscriptionsStore,
} from '@wattle/ports';
import { Change } from '../world/change.ts';
import { copy } from '../world/copy.ts';
import { listSortKey, scoped } from '../world/keys.ts';
import { listKey } from '../world/list-keys.ts';
import { pageOf } from '../world/lists.ts';
import type { MemoryWorld } from '../world/world.ts';
import { plansOf } from './plans.ts';
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

type CountState = keyof PlanCounts;
type CountMoves = Partial<Record<CountState, number>>;

const toLoaded = (stored: StoredSubscription, billRecord: StoredBill | undefined): LoadedSubscription => {
  const { settledBill } = stored;
  const kept = billRecord?.bill ?? null;
  const apart = kept && (settledBill === null || kept.attempt > settledBill) ? kept : null;
  const bill = apart ?? stored.bill;
  const subscription = copy(stored.subscription);
  return {
    subscription: apart
      ? { ...subscription, attempts: Math.max(subscription.attempts, apart.attempt + 1) }
      : subscription,
    version: stored.ver,
    bill: copy(bill),
    billApart: apart !== null,
    ...(apart && billRecord?.renewalDueAt ? { renewalDueAt: new Date(billRecord.renewalDueAt) } : {}),
    starting: bill?.purpose === 'start',
    sortKey: stored.sortKey,
    ledgerCount: stored.ledgerCount,
    settledBill,
  };
};

/** Where a subscription counts in its plan's counts: its state while shown, `starting` while a start or reactivation bills. */
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

/** Where the renewal job is as `before` left it: at a renewal bill's recovery date, else its next billing date. */
const renewalDueOf = (before: LoadedSubscription | null): Date | null => {
  if (!before) return null;
  if (before.billApart) return before.renewalDueAt ?? null;
  return before.subscription.nextBillingDate ? new Date(before.subscription.nextBillingDate) : null;
};

/**
 * A subscription's change in `change` (the subscriptions' commit, or a bill's charge's reservation
 * or settlement): what the DynamoDB store's subscriptionChangeIn writes, in the same order.
 */
export const subscriptionChangeIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  sc: SubscriptionChange,
  now: Date,
) => {
  const { before, after } = sc;
  const subscription = (after ?? before?.subscription)!;
  const { token } = subscription;
  const id = scoped(scope, token);
  const subscriptions = subscriptionsOf(world);
  const bills = billsOf(world);
  const refused = () => new Changed('subscription', token);

  const renewalJobIn = (claim: ScheduledJob | undefined, jobAfter: RenewalJobAfter) => {
    const kind = jobKinds.subscriptionBilling;
    if (claim?.kind === kind) {
      if (jobAfter instanceof Date) world.jobs.advanceIn(change, claim, jobAfter);
      else world.jobs.claimIn(change, claim);
      return;
    }
    if (jobAfter === 'keep') return;
    const dueAt = renewalDueOf(before);
    const sameKey = jobAfter instanceof Date && dueAt?.getTime() === jobAfter.getTime();
    if (dueAt && !sameKey) world.jobs.cancelIn(change, kind, scope, token, dueAt);
    if (jobAfter instanceof Date) world.jobs.scheduleIn(change, { kind, scope, token, dueAt: jobAfter });
  };

  const apartBefore = before?.bill ? before.billApart : false;
  if (before && !before.bill && sc.bill?.purpose === 'renewal') {
    // A renewal's bill begins apart: the renewal job moved to its recovery date, the bill beside.
    const { recovery, claim, bill } = sc;
    if (!(recovery instanceof Date) || claim?.kind !== jobKinds.subscriptionBilling)
      throw new Error("A renewal's bill begins by claiming the renewal job and naming its recovery date");
    renewalJobIn(claim, recovery);
    return change
      .check(() => subscriptions.get(id)?.ver === before.version, refused)
      .check(() => {
        const held = bills.get(id);
        return !held || (before.settledBill !== null && held.bill.attempt <= before.settledBill);
      }, refused)
      .write(() => bills.set(id, { bill: copy(bill), renewalDueAt: recovery.toISOString() }));
  }
  const apartAfter = apartBefore && sc.bill !== null;
  const sortKey = before?.sortKey ?? listSortKey(now, token);
  const ledgerCount = (before?.ledgerCount ?? 0) + (sc.credit ? 1 : 0);
  const settledBill =
    apartBefore && !apartAfter && before?.bill ? before.bill.attempt : (before?.settledBill ?? null);
  const shown = after !== null && sc.bill?.purpose !== 'start';
  const shownBefore = before !== null && !before.starting;
  const jobAfter: RenewalJobAfter =
    apartAfter || sc.renewalJob === 'keep'
      ? 'keep'
      : after && shown && isRunning(after) && after.nextBillingDate
        ? new Date(after.nextBillingDate)
        : shownBefore || sc.claim?.kind === jobKinds.subscriptionBilling
          ? null
          : 'keep';
  if (sc.claim && sc.claim.kind !== jobKinds.subscriptionBilling) world.jobs.claimIn(change, sc.claim);
  renewalJobIn(sc.claim, jobAfter);
  change
    .check(() => (before ? subscriptions.get(id)?.ver === before.version : !subscriptions.has(id)), refused)
    .write(() => {
      const lists = subscriptionLists(scope, subscription);
      if (after) {
        subscriptions.set(id, {
          subscription: asStored(after),
          ver: (before?.version ?? 0) + 1,
          bill: sc.bill && !apartAfter ? copy(sc.bill) : null,
          ledgerCount,
          settledBill,
          sortKey,
          shown,
        });
      } else subscriptions.delete(id);
      for (const list of lists) {
        if (shown) world.lists.join(list, sortKey, id);
        else world.lists.leave(list, sortKey);
        if (shown !== shownBefore) world.lists.move(list, shown ? 1 : -1);
      }
      if (apartBefore && !after) bills.delete(id);
    });
  planCountsIn(
    world,
    change,
    scope,
    subscription.planToken,
    movesOf(countedAs(before?.subscription ?? null, before?.bill ?? null), countedAs(after, sc.bill)),
    sc.planMustBeLive,
  );
  if (sc.credit) {
    const { entry, attempt } = sc.credit;
    const entryId = `${id}#LEDGER#${String(attempt).padStart(8, '0')}`;
    change
      .check(() => !ledgerOf(world).has(entryId), 'ledger')
      .write(() => {
        const entrySortKey = listSortKey(now, `LEDGER#${String(attempt).padStart(8, '0')}`);
        ledgerOf(world).set(entryId, { entry: copy(entry), sortKey: entrySortKey });
        world.lists.join(ledgerList(scope, token), entrySortKey, entryId);
        world.lists.move(ledgerList(scope, token), 1);
      });
  }
  for (const event of sc.events) world.outbox.recordIn(change, scope, event, now);
  if (sc.recovery instanceof Date && !apartAfter)
    world.jobs.scheduleIn(change, { kind: jobKinds.billRecovery, scope, token, dueAt: sc.recovery });
  else if (sc.recovery === 'cancel' && !apartBefore && sc.claim?.kind !== jobKinds.billRecovery)
    world.jobs.cancelIn(change, jobKinds.billRecovery, scope, token);
  return change;
};

/** Moves a plan's counts in `change`: Missing ('plan') when it is gone, or with `mustBeLive` being deleted. */
const planCountsIn = (
  world: MemoryWorld,
  change: Change,
  scope: Scope,
  planToken: string,
  moves: CountMoves,
  mustBeLive: boolean,
): Change => {
  const plans = plansOf(world);
  const id = scoped(scope, planToken);
  const changed = Object.entries(moves).filter(([, delta]) => delta !== 0) as [CountState, number][];
  if (changed.length === 0 && !mustBeLive) return change;
  return change
    .check(
      () => plans.has(id) && (!mustBeLive || plans.get(id)!.deletingSince === undefined),
      () => new Missing('plan', planToken),
    )
    .write(() => {
      const { counts } = plans.get(id)!;
      for (const [state, delta] of changed) counts[state] += delta;
    });
};

const linkHash = (linkToken: string): string => createHash('sha256').update(linkToken).digest('hex');

/** Subscriptions, their ledgers, and the plan counts and jobs that move with them. */
export class MemorySubscriptions implements SubscriptionsStore {
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

  async ledger(scope: Scope, subscriptionToken: string, page: number): Promise<Page<LedgerEntry>> {
    return pageOf(this.world.lists.page(ledgerList(scope, subscriptionToken), page), (id) => {
      const stored = ledgerOf(this.world).get(id);
      return stored ? copy(stored.entry) : undefined;
    });
  }

  async commit(scope: Scope, change: SubscriptionChange, now: Date): Promise<void> {
    subscriptionChangeIn(this.world, new Change(), scope, change, now).commit();
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
