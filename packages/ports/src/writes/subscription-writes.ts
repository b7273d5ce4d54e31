import type { PlanCountState, Scope, Subscription } from '@wattle/domain';
import { Changed } from '../outcomes.ts';
import { jobKindOf, scheduledJobOf } from '../schedule.ts';
import type { SubscriptionWrite } from '../subscriptions.ts';
import { type ListRef, listSortKey, missing, type StoreWrite } from './store-writes.ts';

/**
 * A subscription's changes (the domain's, decision 181) as far as the generic writes say them,
 * once for both engines. The kinds left are the subscription's record and its renewal's bill,
 * put over what is there as each engine lays them out, and a job's end (where the store kept the
 * job before), refused as `subscriptionChanged` says (`SubscriptionRecordWrite`).
 */

/** The changes each engine writes its own way: the subscription's record, its renewal's bill, a job's end. */
export type SubscriptionRecordWrite = Extract<SubscriptionWrite, { kind: 'subscription' | 'renewal-bill' }>;

const recordKinds: ReadonlySet<SubscriptionWrite['kind']> = new Set<SubscriptionRecordWrite['kind']>([
  'subscription',
  'renewal-bill',
]);

/** Whether the change is one of the subscription's own records, which each engine writes. */
export const isSubscriptionRecordWrite = (change: SubscriptionWrite): change is SubscriptionRecordWrite =>
  recordKinds.has(change.kind);

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
    case 'renewal-bill-removal':
      return [{ kind: 'delete', ref: { record: 'subscription-bill', token: change.token } }];
    case 'ledger-credit': {
      // The attempt names the entry (one per bill attempt); it sorts as the entries before did.
      const attempt = String(change.attempt).padStart(8, '0');
      return [
        {
          kind: 'create',
          ref: { record: 'ledger-entry', of: change.token, token: attempt },
          fields: { entry: change.entry },
          listed: [
            {
              in: { list: 'subscription-ledger', of: change.token },
              sortKey: listSortKey(now, `LEDGER#${attempt}`),
            },
          ],
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
