import type { WattleEvent } from './events.ts';
import {
  isRunning,
  type LedgerEntry,
  type PendingBill,
  type Subscription,
  type SubscriptionState,
} from './subscription.ts';

/**
 * What a subscription's write does, decided here as data, as a payment's is (payment-changes.ts):
 * a change of the subscription, a bill's beginning or a bill's settlement is a list of changes,
 * and the store turns the list into the items of one transaction, in its order, each change's item
 * guarded as its kind says. The store decides nothing: where the renewal job goes, whether a bill's
 * recovery job is scheduled or ended, which plan counts move, whether the plan must still be live,
 * is in the list or not.
 */

/**
 * A subscription's job: its renewal (due at its next billing date, or, while a renewal's bill is
 * under way apart, at the bill's recovery date, where it stands for the bill's recovery job), or
 * the recovery of a start's or a reactivation's bill. The subscription's token names it.
 */
export interface SubscriptionJob {
  job: 'renewal' | 'bill-recovery';
  token: string;
  dueAt: Date;
}

/**
 * A subscription as read, as far as its changes depend on it. The store's own record of it (`R`:
 * the version its next write must find, and what that write carries on) passes through the
 * changes untouched, for the store to guard and carry on with.
 */
export interface SubscriptionAsRead {
  /** With a bill under way, as the bill's beginning left it (its attempt counted). */
  subscription: Subscription;
  /** The bill under way, if any. */
  bill: PendingBill | null;
  /**
   * The bill under way is a renewal's, kept apart from the subscription: the renewal job, moved
   * to when the bill is to be recovered, is its recovery job.
   */
  billApart: boolean;
  /** While a renewal's bill is under way apart: when the renewal job falls due (undefined: unknown). */
  renewalDueAt?: Date | undefined;
  /** Its first bill is under way: the subscription is shown nowhere yet. */
  starting: boolean;
}

/** Where a subscription counts in its plan's counts. */
export type PlanCountState = SubscriptionState | 'starting';

/** How a change moves its plan's counts: a delta per state. */
export type PlanCountMoves = Partial<Record<PlanCountState, number>>;

export type SubscriptionChange<R extends SubscriptionAsRead = SubscriptionAsRead> =
  /** The job's own run claims it (JobTaken when another run did first): first in its list. */
  | { kind: 'claim-subscription-job'; job: SubscriptionJob }
  /** The job's own run claims it (JobTaken as for a claim) and puts it back due at `to`. */
  | { kind: 'move-subscription-job'; job: SubscriptionJob; to: Date }
  | { kind: 'schedule-subscription-job'; job: SubscriptionJob }
  /**
   * Removes the job where it is, if it is there. `dueAt` null: a bill's recovery job (kept under
   * no due time), or a renewal job kept as renewal jobs were before their due time was part of
   * where they are (a change that cannot tell which form it is in removes both).
   */
  | { kind: 'end-subscription-job'; job: SubscriptionJob['job']; token: string; dueAt: Date | null }
  /**
   * The subscription's new state, written only while it is still as `from` read it (else
   * Changed: another change came first); null `from`: it must not exist yet.
   */
  | {
      kind: 'subscription';
      subscription: Subscription;
      from: R | null;
      /** The bill under way kept with it (a start's or a reactivation's), or null. */
      bill: PendingBill | null;
      /** In its lists (the merchant's, its customer's, its plan's): not while it is starting. */
      listed: boolean;
      /** A ledger entry is added with it (`ledger-credit`): its count rides on the subscription. */
      credited: boolean;
      /** The attempt of the renewal's bill under way apart this change settles, or null. */
      settlesBillApart: number | null;
    }
  /** The subscription deleted (a start whose first bill was declined), while still as `from` read it. */
  | { kind: 'subscription-removal'; token: string; from: R }
  /**
   * A renewal's bill begins apart: the subscription's own record is only checked to be still as
   * `from` read it (Changed otherwise), its version staying; `subscription` is how it is shown
   * while the bill is under way (its attempt counted).
   */
  | { kind: 'subscription-check'; token: string; from: R }
  /**
   * The renewal's bill, kept apart with when the renewal job now falls due (`recoveryAt`). Refused
   * (Changed) when a bill of a later attempt than the last `from` records as settled is under way.
   */
  | {
      kind: 'renewal-bill';
      token: string;
      bill: PendingBill;
      subscription: Subscription;
      recoveryAt: Date;
      from: R;
    }
  /** The renewal's bill kept apart goes with its subscription. */
  | { kind: 'renewal-bill-removal'; token: string }
  /** The subscription joins (+1) or leaves (-1) its lists' counts. */
  | { kind: 'subscription-lists'; subscription: Subscription; by: 1 | -1 }
  /**
   * The plan's counts move (Missing 'plan' when the plan is gone); `live`: refused too when its
   * deletion has begun (a subscription starting or running again). No moves: only checked.
   */
  | { kind: 'plan-counts'; planToken: string; moves: PlanCountMoves; live: boolean }
  /** A settled bill's credit in the subscription's ledger, under the bill's attempt number. */
  | { kind: 'ledger-credit'; token: string; entry: LedgerEntry; attempt: number }
  | { kind: 'event'; event: WattleEvent };

/** Where the renewal job goes: due at a date, ended (null), or left where it is. */
type RenewalAfter = Date | null | 'stays';

/**
 * Where a subscription counts in its plan's counts: its state while it is shown, and `starting`
 * while a bill that would make it run (its first, or a reactivation's) is under way.
 */
const countedAs = (subscription: Subscription | null, bill: PendingBill | null): PlanCountState[] => {
  if (!subscription) return [];
  const states: PlanCountState[] = bill?.purpose === 'start' ? [] : [subscription.state];
  if (bill && bill.purpose !== 'renewal') states.push('starting');
  return states;
};

const movesOf = (before: PlanCountState[], after: PlanCountState[]): PlanCountMoves => {
  const moves: PlanCountMoves = {};
  for (const state of before) moves[state] = (moves[state] ?? 0) - 1;
  for (const state of after) moves[state] = (moves[state] ?? 0) + 1;
  for (const state of Object.keys(moves) as PlanCountState[]) if (moves[state] === 0) delete moves[state];
  return moves;
};

/**
 * Where the renewal job is as `before` left it, for a change that moves or ends it without
 * claiming it: at the bill's recovery date while a renewal's bill is under way apart, else at the
 * next billing date (null: none); `older` when it may still be kept as renewal jobs were before
 * their due time was part of where they are (a bill begun apart before its date was kept, or any
 * job at a next billing date).
 */
const renewalJobOf = (before: SubscriptionAsRead | null): { dueAt: Date | null; older: boolean } => {
  if (!before) return { dueAt: null, older: false };
  if (before.billApart) {
    return before.renewalDueAt ? { dueAt: before.renewalDueAt, older: false } : { dueAt: null, older: true };
  }
  const next = before.subscription.nextBillingDate;
  return { dueAt: next ? new Date(next) : null, older: true };
};

/**
 * The renewal job's changes. Claimed by this change (the renewal run, or the recovery of a
 * renewal's bill): moved to its new date under the claim, or claimed away. Otherwise found where
 * `before` left it, ended there and scheduled at its new date (not ended when that is the very
 * place: scheduling it there again is enough).
 */
const renewalChanges = <R extends SubscriptionAsRead>(
  token: string,
  before: R | null,
  claim: SubscriptionJob | undefined,
  after: RenewalAfter,
): SubscriptionChange<R>[] => {
  if (claim?.job === 'renewal') {
    return [
      after instanceof Date
        ? { kind: 'move-subscription-job', job: claim, to: after }
        : { kind: 'claim-subscription-job', job: claim },
    ];
  }
  if (after === 'stays') return [];
  const now = renewalJobOf(before);
  const samePlace = after instanceof Date && now.dueAt?.getTime() === after.getTime();
  const end = (dueAt: Date | null): SubscriptionChange<R> => ({
    kind: 'end-subscription-job',
    job: 'renewal',
    token,
    dueAt,
  });
  return [
    ...(now.dueAt && !samePlace ? [end(now.dueAt)] : []),
    ...(now.older ? [end(null)] : []),
    ...(after instanceof Date
      ? [
          {
            kind: 'schedule-subscription-job' as const,
            job: { job: 'renewal' as const, token, dueAt: after },
          },
        ]
      : []),
  ];
};

/** What a change of a subscription is: the general case every use below is made of. */
interface Change<R extends SubscriptionAsRead> {
  before: R | null;
  /** Null deletes it (a start whose first bill was declined). */
  after: Subscription | null;
  /** The bill under way after the change (kept, begun, or null when settled). */
  bill: PendingBill | null;
  credit: { entry: LedgerEntry; attempt: number } | null;
  events: readonly WattleEvent[];
  claim?: SubscriptionJob | undefined;
  /** `follows`: the renewal job follows the next billing date (and ends when nothing is due). */
  renewal: 'stays' | 'follows';
  /** A date schedules a bill's recovery job; `ends` ends it. */
  recovery: Date | 'ends' | 'stays';
  /** The plan must exist and its deletion must not have begun. */
  planMustBeLive: boolean;
}

/**
 * A change's list, in the transaction's order: the claim of a bill's recovery job first (a run that
 * lost the race is refused on it), the renewal job, the subscription from the state it was read in
 * (with its bill kept apart, once settled, gone with it), its lists' and its plan's counts, its
 * ledger credit, its events, and a start's or reactivation's bill recovery job.
 */
const changesOf = <R extends SubscriptionAsRead>(change: Change<R>): SubscriptionChange<R>[] => {
  const { before, after, bill, claim } = change;
  const subscription = (after ?? before?.subscription)!;
  const { token } = subscription;
  const apartBefore = before?.bill ? before.billApart : false;
  // While a renewal's bill stays under way apart, its recovery is the renewal job's: it stays.
  const apartAfter = apartBefore && bill !== null;
  const listed = after !== null && bill?.purpose !== 'start';
  const listedBefore = before !== null && !before.starting;
  const renewalAfter: RenewalAfter =
    apartAfter || change.renewal === 'stays'
      ? 'stays'
      : after && listed && isRunning(after) && after.nextBillingDate
        ? new Date(after.nextBillingDate)
        : listedBefore || claim?.job === 'renewal'
          ? null
          : 'stays';
  const moves = movesOf(
    countedAs(before?.subscription ?? null, before?.bill ?? null),
    countedAs(after, bill),
  );
  const plan = Object.keys(moves).length > 0 || change.planMustBeLive;
  return [
    ...(claim && claim.job !== 'renewal' ? [{ kind: 'claim-subscription-job' as const, job: claim }] : []),
    ...renewalChanges(token, before, claim, renewalAfter),
    after
      ? {
          kind: 'subscription',
          subscription: after,
          from: before,
          bill: apartAfter ? null : bill,
          listed,
          credited: change.credit !== null,
          settlesBillApart: apartBefore && !apartAfter && before?.bill ? before.bill.attempt : null,
        }
      : { kind: 'subscription-removal', token, from: before! },
    ...(apartBefore && !after ? [{ kind: 'renewal-bill-removal' as const, token }] : []),
    ...(listed === listedBefore
      ? []
      : [{ kind: 'subscription-lists' as const, subscription, by: listed ? (1 as const) : (-1 as const) }]),
    ...(plan
      ? [
          {
            kind: 'plan-counts' as const,
            planToken: subscription.planToken,
            moves,
            live: change.planMustBeLive,
          },
        ]
      : []),
    ...(change.credit ? [{ kind: 'ledger-credit' as const, token, ...change.credit }] : []),
    ...change.events.map((event) => ({ kind: 'event' as const, event })),
    ...(change.recovery instanceof Date && !apartAfter
      ? [
          {
            kind: 'schedule-subscription-job' as const,
            job: { job: 'bill-recovery' as const, token, dueAt: change.recovery },
          },
        ]
      : []),
    ...(change.recovery === 'ends' && !apartBefore && claim?.job !== 'bill-recovery'
      ? [{ kind: 'end-subscription-job' as const, job: 'bill-recovery' as const, token, dueAt: null }]
      : []),
  ];
};

/** A change that begins and settles no bill: a bill under way stays as it is. */
export interface Update<R extends SubscriptionAsRead> {
  before: R | null;
  after: Subscription;
  events: readonly WattleEvent[];
  /** The due job this change is the run of (an expiry: the renewal job). */
  claim?: SubscriptionJob | undefined;
  /** The renewal job stays where it is (the next billing date does not move: a card change). */
  renewalStays?: boolean;
  /** The subscription starts or runs again: its plan must exist, its deletion not begun. */
  planMustBeLive?: boolean;
}

/**
 * A subscription created (with nothing to bill), reactivated, cancelled, expired or given a new
 * card: the subscription from the state it was read in, its renewal job following its next billing
 * date, its counts and its events.
 */
export const updateOf = <R extends SubscriptionAsRead>(update: Update<R>): SubscriptionChange<R>[] =>
  changesOf({
    before: update.before,
    after: update.after,
    bill: update.before?.bill ?? null,
    credit: null,
    events: update.events,
    claim: update.claim,
    renewal: update.renewalStays ? 'stays' : 'follows',
    recovery: 'stays',
    planMustBeLive: update.planMustBeLive ?? false,
  });

/** A bill begun: a subscription's first, a reactivation's, or a renewal's. */
export interface BillBeginning<R extends SubscriptionAsRead> {
  /** Null: a new subscription's first bill. */
  before: R | null;
  /** The subscription as the bill leaves it while it is under way (its attempt counted). */
  after: Subscription;
  bill: PendingBill;
  /** When the bill is to be recovered if no settlement comes. */
  recoveryAt: Date;
  /** A renewal's: the renewal job, claimed by its run. */
  claim?: SubscriptionJob | undefined;
}

/**
 * A bill's beginning. A renewal's is kept apart: the renewal job, claimed, moves to the recovery
 * date (where it stands for the bill's recovery job), the subscription is only checked to be as
 * read (its version stays: the settlement's write under it is what settles the bill once), and
 * the bill is kept beside it. A start's or a reactivation's is kept on the subscription, counted
 * `starting` in a live plan, with a recovery job of its own.
 */
export const billBeginningOf = <R extends SubscriptionAsRead>({
  before,
  after,
  bill,
  recoveryAt,
  claim,
}: BillBeginning<R>): SubscriptionChange<R>[] => {
  if (bill.purpose === 'renewal') {
    if (!before || before.bill || claim?.job !== 'renewal') {
      throw new Error("A renewal's bill begins on a subscription with none under way, by its renewal run");
    }
    const { token } = after;
    return [
      { kind: 'move-subscription-job', job: claim, to: recoveryAt },
      { kind: 'subscription-check', token, from: before },
      { kind: 'renewal-bill', token, bill, subscription: after, recoveryAt, from: before },
    ];
  }
  return changesOf({
    before,
    after,
    bill,
    credit: null,
    events: [],
    claim,
    renewal: 'stays',
    recovery: recoveryAt,
    planMustBeLive: true,
  });
};

/** A bill's outcome recorded on the subscription as read (its bill under way). */
export interface BillSettled<R extends SubscriptionAsRead> {
  before: R & { bill: PendingBill };
  /** Null: a start declined leaves nothing. */
  after: Subscription | null;
  /** A paid bill's ledger credit, under its attempt number. */
  credit: { entry: LedgerEntry; attempt: number } | null;
  events: readonly WattleEvent[];
  /** The job recovering the bill, when it is the one settling it. */
  claim?: SubscriptionJob | undefined;
}

/**
 * A bill's settlement: the subscription with no bill under way, its renewal job following its
 * next billing date (or the retry, or ending), its counts, its ledger credit, its events, and the
 * end of the bill's recovery job (claimed when it is the one settling it).
 */
export const billSettlementOf = <R extends SubscriptionAsRead>(
  settled: BillSettled<R>,
): SubscriptionChange<R>[] =>
  changesOf({
    ...settled,
    bill: null,
    renewal: 'follows',
    recovery: 'ends',
    planMustBeLive: false,
  });
