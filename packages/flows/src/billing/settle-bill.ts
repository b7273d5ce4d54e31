import {
  billSettlementOf,
  creditOf,
  type Ids,
  newEvent,
  type PendingBill,
  type Scope,
  type Subscription,
  settleBill,
  toTimestamp,
} from '@wattle/domain';
import {
  type Clock,
  JobTaken,
  type LoadedSubscription,
  type RetryPacing,
  type ScheduledJob,
  type ScheduleStore,
  type SubscriptionsStore,
  type SubscriptionWrite,
} from '@wattle/ports';
import { presentSubscription } from '@wattle/wire';
import { retryOnChange } from '../shared/retry-on-change.ts';
import type { BillOutcome } from './bill-outcome.ts';
import { subscriptionJobOf } from './subscription-job.ts';

export interface SettleDeps {
  subscriptions: SubscriptionsStore;
  schedule: ScheduleStore;
  clock: Clock;
  ids: Ids;
  pacing: RetryPacing;
}

/** How long a bill may stay under way before its recovery job takes it up: past any function's timeout. */
export const billRecoveryDelayMs = 16 * 60 * 1000;

/** When the recovery job of a bill started at `now` falls due. */
export const billRecoveryDueAt = (now: Date): Date => new Date(now.getTime() + billRecoveryDelayMs);

/** A job with nothing left to do is dropped; another run having taken it is just as good. */
const dropQuietly = async (schedule: ScheduleStore, job: ScheduledJob): Promise<void> => {
  try {
    await schedule.drop(job);
  } catch (error) {
    if (!(error instanceof JobTaken)) throw error;
  }
};

/**
 * The changes recording a bill's outcome on the subscription as loaded (its bill under way), and
 * the subscription they leave: the ledger credit, the plan's counts, the events, the next renewal
 * job and the end of the recovery job (claimed when `claim` is that job): billSettlementOf.
 */
export const billSettlement = (
  ids: Ids,
  loaded: LoadedSubscription & { bill: PendingBill },
  outcome: Exclude<BillOutcome, { kind: 'processing' }>,
  now: Date,
  claim?: ScheduledJob,
): { after: Subscription | null; changes: SubscriptionWrite[] } => {
  const settlement = settleBill(loaded.subscription, loaded.bill, outcome.kind === 'paid', now);
  const after = settlement.subscription;
  const at = toTimestamp(now);
  const paidAt = outcome.kind === 'paid' && outcome.charge ? outcome.charge.createdAt : at;
  const changes = billSettlementOf({
    before: loaded,
    after,
    credit: settlement.credit ? { entry: creditOf(loaded.bill, paidAt), attempt: loaded.bill.attempt } : null,
    events: after ? settlement.events.map((type) => newEvent(ids, type, presentSubscription(after), at)) : [],
    claim: claim && subscriptionJobOf(claim),
  });
  return { after, changes };
};

/**
 * Records a bill's outcome on the subscription as it is now, in one transaction (billSettlement).
 * Only the bill's own attempt is settled: when the bill is no longer under way, another run (or
 * the bill's charge, whose settlement records it) settled it and this one does nothing (its job is
 * dropped). A concurrent change of the subscription (a cancel, a card change) makes it read again
 * and retry.
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
    const { after, changes } = billSettlement(ids, { ...loaded, bill: loaded.bill }, outcome, now, claim);
    await subscriptions.commit(scope, changes, now);
    return after;
  });
