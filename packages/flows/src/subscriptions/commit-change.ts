import {
  type EventType,
  type Ids,
  newEvent,
  presentSubscription,
  type Scope,
  type Subscription,
  toTimestamp,
} from '@wattle/domain';
import type { LoadedSubscription, RetryPacing, ScheduledJob, SubscriptionsStore } from '@wattle/ports';
import { retryOnChange } from '../shared/retry-on-change.ts';

export interface PlainChange {
  events: readonly EventType[];
  /** `sync` moves the renewal job to the next billing date (or removes it). */
  renewalJob: 'keep' | 'sync';
  planMustBeLive: boolean;
  claim?: ScheduledJob;
}

/**
 * Commits a change that begins and settles no bill (a bill under way stays as it is), with its
 * events showing the subscription after it.
 */
export const commitPlainChange = (
  { subscriptions, ids }: { subscriptions: SubscriptionsStore; ids: Ids },
  scope: Scope,
  before: LoadedSubscription | null,
  after: Subscription,
  change: PlainChange,
  now: Date,
): Promise<void> =>
  subscriptions.commit(
    scope,
    {
      before,
      after,
      bill: before?.bill ?? null,
      credit: null,
      events: change.events.map((type) => newEvent(ids, type, presentSubscription(after), toTimestamp(now))),
      claim: change.claim,
      renewalJob: change.renewalJob,
      recovery: 'keep',
      planMustBeLive: change.planMustBeLive,
    },
    now,
  );

/**
 * Runs a read-decide-write change of a subscription, again from the read when another change of
 * the subscription came first. Another resource having changed (a plan being deleted) is an
 * answer, not a race, and passes straight on.
 */
export const changeWithRetry = <T>(
  { pacing }: { pacing: RetryPacing },
  attempt: () => Promise<T>,
): Promise<T> => retryOnChange(pacing, attempt, (changed) => changed.resource === 'subscription');
