import {
  creditOf,
  type Ids,
  newEvent,
  presentSubscription,
  type Scope,
  type Subscription,
  settleBill,
  toTimestamp,
} from '@wattle/domain';
import {
  type Clock,
  JobTaken,
  type RetryPacing,
  type ScheduledJob,
  type ScheduleStore,
  type SubscriptionsStore,
} from '@wattle/ports';
import { retryOnChange } from '../shared/retry-on-change.ts';
import type { BillOutcome } from './charge-bill.ts';

export interface SettleDeps {
  subscriptions: SubscriptionsStore;
  schedule: ScheduleStore;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/** How long a bill may stay under way before its recovery job takes it up: past any function's timeout. */
export const billRecoveryDelayMs = 16 * 60 * 1000;

export const recoveryDueAt = (now: Date): Date => new Date(now.getTime() + billRecoveryDelayMs);

/** A job with nothing left to do is dropped; another run having taken it is just as good. */
const dropQuietly = async (schedule: ScheduleStore, job: ScheduledJob): Promise<void> => {
  try {
    await schedule.drop(job);
  } catch (error) {
    if (!(error instanceof JobTaken)) throw error;
  }
};

/**
 * Records a bill's outcome on the subscription as it is now, in one transaction with the ledger
 * credit, the plan's counts, the events, the next renewal job and the end of the recovery job
 * (claimed when `claim` is that job). Only the bill's own attempt is settled: when the bill is no
 * longer under way, another run settled it and this one does nothing (its job is dropped). A
 * concurrent change of the subscription (a cancel, a card change) makes it read again and retry.
 */
export const settleBillOf = async (
  { subscriptions, schedule, ids, clock, pacing }: SettleDeps,
  scope: Scope,
  subscriptionToken: string,
  attempt: number,
  outcome: Exclude<BillOutcome, { kind: 'processing' }>,
  claim?: ScheduledJob,
): Promise<Subscription | null> =>
  retryOnChange(pacing, async () => {
    const loaded = await subscriptions.get(scope, subscriptionToken);
    if (!loaded?.bill || loaded.bill.attempt !== attempt) {
      if (claim) await dropQuietly(schedule, claim);
      return loaded?.subscription ?? null;
    }
    const now = clock.now();
    const settlement = settleBill(loaded.subscription, loaded.bill, outcome.kind === 'paid', now);
    const after = settlement.subscription;
    const at = toTimestamp(now);
    const paidAt = outcome.kind === 'paid' && outcome.charge ? outcome.charge.createdAt : at;
    await subscriptions.commit(
      scope,
      {
        before: loaded,
        after,
        bill: null,
        credit: settlement.credit ? { entry: creditOf(loaded.bill, paidAt), attempt } : null,
        events: after
          ? settlement.events.map((type) => newEvent(ids, type, presentSubscription(after), at))
          : [],
        claim,
        renewalJob: 'sync',
        recovery: 'cancel',
        planMustBeLive: false,
      },
      now,
    );
    return after;
  });
