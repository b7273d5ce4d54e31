import type {
  LedgerEntry,
  Payment,
  PendingBill,
  Scope,
  SelfServiceLink,
  Subscription,
  WattleEvent,
} from '@wattle/domain';
import type { Page } from './pages.ts';
import type { ScheduledJob } from './schedule.ts';

/**
 * A subscription as loaded, with the version its next change must find unchanged. With a bill
 * under way, `subscription` is as the bill's beginning left it (its attempt counted).
 */
export interface LoadedSubscription {
  subscription: Subscription;
  version: number;
  /** The bill under way, if any. */
  bill: PendingBill | null;
  /**
   * The bill under way is kept in an item of its own, and the renewal job, moved to when the bill
   * is to be recovered, stands for its recovery job: a renewal's (see SubscriptionChange). A
   * start's or a reactivation's, and a renewal's begun before, are kept on the subscription.
   */
  billApart: boolean;
  /**
   * While a renewal's bill is under way apart: when the renewal job, moved there when the bill
   * began, falls due (the bill's recovery date). The store finds the job by it (its key holds its
   * due time); undefined for a bill begun before the store kept it.
   */
  renewalDueAt?: Date | undefined;
  /** Its first bill is under way: the subscription is shown nowhere yet. */
  starting: boolean;
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

/**
 * One change of a subscription, everything it moves, committed together. A change beginning a
 * renewal's bill (`before` with no bill, `bill` a renewal's, `claim` the renewal job, `recovery` a
 * date) writes the bill apart and moves the renewal job to the recovery date, leaving the
 * subscription's item as it was: the version a later change must find is `before`'s still.
 */
export interface SubscriptionChange {
  /** The subscription as loaded (null: it did not exist). */
  before: LoadedSubscription | null;
  /** The subscription after (null deletes it: a start whose first bill was declined). */
  after: Subscription | null;
  /** The bill under way after the change (kept, begun, or null when settled). */
  bill: PendingBill | null;
  /** A settled bill's credit, under the bill's attempt number. */
  credit: { entry: LedgerEntry; attempt: number } | null;
  events: WattleEvent[];
  /** The due job this change claims: the renewal job or the bill's recovery job. */
  claim?: ScheduledJob | undefined;
  /** `sync`: the renewal job follows the next billing date (and goes when nothing is due). */
  renewalJob: 'keep' | 'sync';
  /** A date schedules the bill's recovery job; `cancel` removes it. */
  recovery: Date | 'cancel' | 'keep';
  /** Refuse (Missing 'plan') unless the plan exists and its deletion has not begun. */
  planMustBeLive: boolean;
}

/** Subscriptions, their ledgers, and the plan counts and jobs that move with them. */
export interface SubscriptionsStore {
  /** The subscription as stored (a starting one too), or null. */
  get(scope: Scope, token: string): Promise<LoadedSubscription | null>;
  list(scope: Scope, page: number): Promise<Page<Subscription>>;
  listForPlan(scope: Scope, planToken: string, page: number): Promise<Page<Subscription>>;
  ledger(scope: Scope, subscriptionToken: string, page: number): Promise<Page<LedgerEntry>>;
  /**
   * Commits one change in one transaction. Throws JobTaken when the claimed job was taken by
   * another run, Changed when another change of the subscription came first (read again and decide
   * again), Missing ('plan') when the plan is gone, or, with `planMustBeLive`, being deleted.
   */
  commit(scope: Scope, change: SubscriptionChange, now: Date): Promise<void>;
  /** Keeps a customer's self-service link, found later by its token alone. */
  saveSelfServiceLink(link: SelfServiceLink): Promise<void>;
  selfServiceLink(linkToken: string): Promise<SelfServiceLink | null>;
}

/** Where a bill's charge is found again by its derived token (a run resuming a bill attempt). */
export interface BillCharges {
  get(scope: Scope, paymentToken: string): Promise<Payment | null>;
}
