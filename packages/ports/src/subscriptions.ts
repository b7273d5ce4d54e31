import type {
  LedgerEntry,
  Payment,
  PendingBill,
  Scope,
  SelfServiceLink,
  Subscription,
  SubscriptionAsRead,
  SubscriptionChange,
} from '@wattle/domain';
import type { Page } from './pages.ts';

/**
 * A subscription as loaded: what the domain's changes depend on (SubscriptionAsRead; a bill kept
 * apart, a renewal's, is in an item of its own, whose `renewalDueAt` says where the renewal job
 * is, undefined for a bill begun before it said it), and the store's record of it, which the
 * changes carry back to the store: the version its next change must find unchanged, and what that
 * change carries on.
 */
export interface LoadedSubscription extends SubscriptionAsRead {
  version: number;
  /** Where it sorts in its lists, kept from its creation. */
  sortKey: string;
  /**
   * The ledger entries counted on the subscription's item: its next write carries the count on,
   * one more with a credit (entries recorded before the item kept it are counted apart).
   */
  ledgerCount: number;
  /**
   * The attempt of the last renewal's bill kept apart that is settled: its item stays until the
   * next renewal's bill overwrites it, and a bill item of a later attempt is under way. Null when
   * none was (or its item was removed when settled). Carried on by the item's next write.
   */
  settledBill: number | null;
}

/** What a store keeps on a subscription's own record: the subscription, its version, a bill kept on it. */
export type SubscriptionRecord = Omit<LoadedSubscription, 'billApart' | 'renewalDueAt' | 'starting'>;

/** A renewal's bill kept beside the subscription, and where its renewal job was moved to (if known). */
export interface BillKeptApart {
  bill: PendingBill;
  renewalDueAt?: Date | undefined;
}

/**
 * The subscription as loaded from its record and the renewal's bill kept beside it, if any. The
 * bill's beginning counted its attempt on the bill alone, so the subscription is shown as it left
 * it. The bill stays kept once settled, until the next renewal's replaces it: it is under way only
 * while its attempt is later than the last the record says was settled (`settledBill`).
 */
export const loadedSubscriptionOf = (
  record: SubscriptionRecord,
  keptApart: BillKeptApart | null,
): LoadedSubscription => {
  const { settledBill, subscription } = record;
  const apart =
    keptApart && (settledBill === null || keptApart.bill.attempt > settledBill) ? keptApart : null;
  const bill = apart?.bill ?? record.bill;
  return {
    ...record,
    subscription: apart
      ? { ...subscription, attempts: Math.max(subscription.attempts, apart.bill.attempt + 1) }
      : subscription,
    bill,
    billApart: apart !== null,
    ...(apart?.renewalDueAt ? { renewalDueAt: apart.renewalDueAt } : {}),
    starting: bill?.purpose === 'start',
  };
};

/**
 * One change a subscription's transaction commits: the domain's (updateOf, billBeginningOf,
 * billSettlementOf), each carrying the subscription as loaded where its write is guarded by it.
 */
export type SubscriptionWrite = SubscriptionChange<LoadedSubscription>;

/**
 * The record a subscription's write leaves (but where it sorts, which its store keeps from its
 * creation): the next version, its bill kept on it, its ledger's count one more with a credit, and
 * the last renewal bill settled apart (the one this change settles, else the one before) carried on.
 */
export const subscriptionRecordOf = (
  change: Extract<SubscriptionWrite, { kind: 'subscription' }>,
): Omit<SubscriptionRecord, 'sortKey'> => {
  const { subscription, from } = change;
  return {
    subscription,
    version: (from?.version ?? 0) + 1,
    bill: change.bill,
    ledgerCount: (from?.ledgerCount ?? 0) + (change.credited ? 1 : 0),
    settledBill: change.settlesBillApart ?? from?.settledBill ?? null,
  };
};

/** Subscriptions, their ledgers, and the plan counts and jobs that move with them. */
export interface SubscriptionsStore {
  /** The subscription as stored (a starting one too), or null. */
  get(scope: Scope, token: string): Promise<LoadedSubscription | null>;
  list(scope: Scope, page: number): Promise<Page<Subscription>>;
  listForPlan(scope: Scope, planToken: string, page: number): Promise<Page<Subscription>>;
  ledger(scope: Scope, subscriptionToken: string, page: number): Promise<Page<LedgerEntry>>;
  /**
   * Commits the changes in one transaction, in their order, or none of them. Throws JobTaken when
   * a claimed job was taken by another run, Changed when another change of the subscription came
   * first (read again and decide again), Missing ('plan') when the plan is gone, or, when its
   * counts' change says `live`, being deleted.
   */
  commit(scope: Scope, changes: readonly SubscriptionWrite[], now: Date): Promise<void>;
  /** Keeps a customer's self-service link, found later by its token alone. */
  saveSelfServiceLink(link: SelfServiceLink): Promise<void>;
  selfServiceLink(linkToken: string): Promise<SelfServiceLink | null>;
}

/** Where a bill's charge is found again by its derived token (a run resuming a bill attempt). */
export interface BillCharges {
  get(scope: Scope, paymentToken: string): Promise<Payment | null>;
}
