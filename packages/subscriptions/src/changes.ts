import {
  type EventType,
  newEvent,
  presentSubscription,
  type Scope,
  type Subscription,
  toTimestamp,
} from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import type { LoadedSubscription } from '@wattle/store';

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
  deps: RuntimeDeps,
  scope: Scope,
  before: LoadedSubscription | null,
  after: Subscription,
  change: PlainChange,
  now: Date,
): Promise<void> =>
  deps.store.subscriptions.commit(
    scope,
    {
      before,
      after,
      bill: before?.bill ?? null,
      credit: null,
      events: change.events.map((type) =>
        newEvent(deps.ids, type, presentSubscription(after), toTimestamp(now)),
      ),
      claim: change.claim,
      renewalJob: change.renewalJob,
      recovery: 'keep',
      planMustBeLive: change.planMustBeLive,
    },
    now,
  );
