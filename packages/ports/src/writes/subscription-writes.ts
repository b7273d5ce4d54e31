import type { PlanCountState, Scope, Subscription } from '@wattle/domain';
import { Changed } from '../outcomes.ts';
import { jobKindOf, jobKinds, scheduledJobOf } from '../schedule.ts';
import type { SubscriptionWrite } from '../subscriptions.ts';
import { type ListRef, listSortKey, missing, type RecordRef, type StoreWrite } from './store-writes.ts';

/**
 * A subscription's changes (the domain's, decision 181) as far as the generic writes say them,
 * once for both engines: all but the subscription's own record, which each engine lays out its
 * own way (the table compacts it, the memory world keeps it whole, and its lists' places differ),
 * put under the version read and refused as `subscriptionChanged` says (`SubscriptionRecordWrite`).
 */

/** The change each engine writes its own way: the subscription's record. */
export type SubscriptionRecordWrite = Extract<SubscriptionWrite, { kind: 'subscription' }>;

/** Whether the change is the subscription's own record, which each engine writes. */
export const isSubscriptionRecordWrite = (change: SubscriptionWrite): change is SubscriptionRecordWrite =>
  change.kind === 'subscription';

/**
 * What a failed guard of a subscription's record means (its version, or a renewal's bill of a
 * later attempt under way): another change of it came first. Read again and decide again.
 */
export const subscriptionChanged = (token: string) => () => new Changed('subscription', token);

/** The lists a shown subscription is in: the merchant's, its customer's and its plan's. */
export const subscriptionListsOf = (subscription: Subscription): ListRef[] => [
  { list: 'subscriptions' },
  { list: 'customer-subscriptions', of: subscription.customerToken },
  { list: 'plan-subscriptions', of: subscription.planToken },
];

/** A subscription's ledger entry, named by its bill's attempt (one entry per attempt). */
const ledgerEntryRef = (subscriptionToken: string, attempt: number): RecordRef => ({
  record: 'ledger-entry',
  of: subscriptionToken,
  token: String(attempt).padStart(8, '0'),
});

const ledgerOf = (subscriptionToken: string): ListRef => ({
  list: 'subscription-ledger',
  of: subscriptionToken,
});

/** Some of a subscription's ledger entries gone, by their attempts (a purge's, ahead of the rest). */
export const ledgerEntriesRemoval = (subscriptionToken: string, attempts: readonly number[]): StoreWrite[] =>
  attempts.map((attempt) => ({ kind: 'delete', ref: ledgerEntryRef(subscriptionToken, attempt) }));

/**
 * A subscription of a plan being purged (none runs or starts by then) gone with all it has (Missing
 * when it is gone already): out of its lists and their counts (but its plan's, dropped with the
 * plan), its ledger entries (`attempts`: those left) and their old count, its renewal job wherever
 * it may be (at its next billing date, at a renewal bill's recovery date `renewalDueAt`, or where
 * the store kept it before), its bill's recovery job and its renewal's bill.
 */
export const subscriptionPurge = (
  subscription: Subscription,
  attempts: readonly number[],
  renewalDueAt: string | undefined,
): StoreWrite[] => {
  const { token } = subscription;
  const dueAts = new Set(
    [subscription.nextBillingDate, renewalDueAt].filter((d): d is string => Boolean(d)).map(Date.parse),
  );
  return [
    {
      kind: 'delete',
      ref: { record: 'subscription', token },
      when: { exists: true },
      leaves: subscriptionListsOf(subscription),
      refusal: missing('subscription', token),
    },
    ...ledgerEntriesRemoval(token, attempts),
    { kind: 'drop-count', list: ledgerOf(token) },
    { kind: 'count', list: { list: 'subscriptions' }, by: -1 },
    { kind: 'count', list: { list: 'customer-subscriptions', of: subscription.customerToken }, by: -1 },
    ...[...dueAts].map(
      (dueAt): StoreWrite => ({
        kind: 'cancel-job',
        job: jobKinds.subscriptionBilling,
        token,
        dueAt: new Date(dueAt),
      }),
    ),
    { kind: 'cancel-job', job: jobKinds.subscriptionBilling, token, dueAt: null },
    { kind: 'cancel-job', job: jobKinds.billRecovery, token },
    { kind: 'delete', ref: { record: 'subscription-bill', token } },
  ];
};

/**
 * A change the generic writes say, as them: the plan's counts moved while it is there (and, `live`,
 * its deletion not begun: Missing 'plan' otherwise), the lists' counts, the subscription checked
 * to be as read or deleted as read (Changed), out of its lists, a renewal's bill kept apart gone,
 * a ledger entry (its count rides on the subscription's record: `subscriptionRecordOf`), its jobs
 * scheduled, claimed or moved (JobTaken), its event.
 */
export const subscriptionStoreWrites = (
  scope: Scope,
  change: Exclude<SubscriptionWrite, SubscriptionRecordWrite>,
  now: Date,
): StoreWrite[] => {
  switch (change.kind) {
    case 'plan-counts': {
      const moved = (Object.entries(change.moves) as [PlanCountState, number][]).filter(([, by]) => by !== 0);
      if (moved.length === 0 && !change.live) return [];
      return [
        {
          kind: 'update',
          ref: { record: 'plan', token: change.planToken },
          set: {},
          add: moved.map(([state, by]) => ({ path: ['counts', state], by })),
          bump: false,
          when: change.live ? { exists: true, absent: [['deletingSince']] } : { exists: true },
          refusal: missing('plan', change.planToken),
        },
      ];
    }
    case 'subscription-lists':
      return subscriptionListsOf(change.subscription).map((list) => ({ kind: 'count', list, by: change.by }));
    case 'subscription-check':
      return [
        {
          kind: 'update',
          ref: { record: 'subscription', token: change.token },
          set: {},
          bump: false,
          when: { version: change.from.version },
          refusal: subscriptionChanged(change.token),
        },
      ];
    case 'subscription-removal':
      return [
        {
          kind: 'delete',
          ref: { record: 'subscription', token: change.token },
          when: { version: change.from.version },
          leaves: subscriptionListsOf(change.from.subscription),
          refusal: subscriptionChanged(change.token),
        },
      ];
    case 'renewal-bill': {
      // Over the last one settled: one of a later attempt than `from` records as settled is under way.
      const settled = change.from.settledBill;
      return [
        {
          kind: 'create',
          ref: { record: 'subscription-bill', token: change.token },
          // Where the renewal job now is: the changes made while the bill is under way find it by it.
          fields: { bill: change.bill, renewalDueAt: change.recoveryAt.toISOString() },
          ...(settled === null
            ? {}
            : { over: { noLaterThan: [{ path: ['bill', 'attempt'], value: settled }] } }),
          refusal: subscriptionChanged(change.token),
        },
      ];
    }
    case 'renewal-bill-removal':
      return [{ kind: 'delete', ref: { record: 'subscription-bill', token: change.token } }];
    case 'ledger-credit': {
      const ref = ledgerEntryRef(change.token, change.attempt);
      return [
        {
          kind: 'create',
          ref,
          fields: { entry: change.entry },
          // It sorts as the entries before it did.
          listed: [{ in: ledgerOf(change.token), sortKey: listSortKey(now, `LEDGER#${ref.token}`) }],
        },
      ];
    }
    case 'end-subscription-job':
      // A renewal job with no due time: where the store kept renewal jobs before it named them.
      return [
        {
          kind: 'cancel-job',
          job: jobKindOf[change.job],
          token: change.token,
          dueAt: change.dueAt ?? (change.job === 'renewal' ? null : undefined),
        },
      ];
    case 'claim-subscription-job':
      return [{ kind: 'claim-job', job: scheduledJobOf(scope, change.job) }];
    case 'move-subscription-job':
      return [{ kind: 'advance-job', job: scheduledJobOf(scope, change.job), next: change.to }];
    case 'schedule-subscription-job':
      return [{ kind: 'schedule-job', job: scheduledJobOf(scope, change.job) }];
    case 'event':
      return [{ kind: 'event', event: change.event }];
    default:
      // A kind added to SubscriptionChange is said here or is one of the records' (tsc insists).
      return change satisfies never;
  }
};
