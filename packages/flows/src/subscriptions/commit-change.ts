import {
  type EventType,
  type Ids,
  newEvent,
  type Scope,
  type Subscription,
  toTimestamp,
  updateOf,
} from '@wattle/domain';
import type { LoadedSubscription, RetryPacing, SubscriptionsStore } from '@wattle/ports';
import { presentSubscription } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';

export interface PlainChange {
  events: readonly EventType[];
  /** The next billing date does not move (a card change): the renewal job stays where it is. */
  renewalStays?: boolean;
  /** The subscription starts or runs again: its plan must exist, its deletion not begun. */
  planMustBeLive?: boolean;
}

/**
 * Commits a change that begins and settles no bill (a bill under way stays as it is), with its
 * events showing the subscription after it: the domain's list of changes (updateOf).
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
    updateOf({
      before,
      after,
      events: change.events.map((type) => newEvent(ids, type, presentSubscription(after), toTimestamp(now))),
      renewalStays: change.renewalStays ?? false,
      planMustBeLive: change.planMustBeLive ?? false,
    }),
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
