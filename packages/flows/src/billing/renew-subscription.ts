import {
  billBeginningOf,
  dueAction,
  expireSubscription,
  newEvent,
  toTimestamp,
  updateOf,
} from '@wattle/domain';
import { JobTaken, type ScheduledJob } from '@wattle/ports';
import { presentSubscription } from '@wattle/wire';
import type { BillingDeps } from './bill-now.ts';
import { chargeBill, chargeReserved, noIpAddress } from './charge-bill.ts';
import { recoverBill } from './recover-bill.ts';
import { billRecoveryDueAt, settleBillOf } from './settle-bill.ts';
import { subscriptionJobOf } from './subscription-job.ts';

/**
 * The renewal job, due at a subscription's next billing date. Exactly once per bill attempt, even
 * when two runs overlap, in two transactions (the bill's changes ride in its charge's):
 * 1. the charge's reservation, under a token derived from (subscription, attempt) and only if new,
 *    claims the job (the other run's is refused: JobTaken, and it stops there), moving it to the
 *    bill's recovery date, and records the bill, with the attempt's number, as under way;
 * 2. the card is charged, and the charge's settlement records the bill's outcome: the ledger
 *    credit, the next interval with the job moved to it (or the retry, or the end), the events.
 * A run dying after 1 leaves the bill under way with its charge reserved; the job, due again at
 * the recovery date, finishes the charge (the processor is idempotent by its token) and the bill
 * with it (recoverBill). A charge can never be
 * made twice: its token is fixed by 1, and 2 settles only a charge still processing. When the bill
 * reserves no charge (a zero bill, a charge refused before its reservation) it begins on its own,
 * and when a change of the subscription came between 1 and 2 it is recorded apart (settleBillOf).
 */
export const renewSubscription = async (deps: BillingDeps, job: ScheduledJob): Promise<void> => {
  const { subscriptions, schedule, ids, clock } = deps;
  const loaded = await subscriptions.get(job.scope, job.token);
  if (loaded?.billApart && loaded.bill) {
    // A renewal's bill under way: this job, moved on when it began, is the bill's recovery job. Held
    // at a time before the bill began, it is the renewal as this run read it, which another run
    // claimed and began the bill from while this one read: that run finishes it.
    if (job.dueAt.getTime() <= Date.parse(loaded.bill.at)) throw new JobTaken(job.kind, job.token);
    return recoverBill(deps, job);
  }
  const now = clock.now();
  const action = loaded && !loaded.bill ? dueAction(loaded.subscription, now) : { kind: 'nothing' as const };
  if (!loaded || action.kind === 'nothing') {
    await schedule.drop(job);
    return;
  }
  if (action.kind === 'expire') {
    const after = expireSubscription(loaded.subscription, now);
    await subscriptions.commit(
      job.scope,
      updateOf({
        before: loaded,
        after,
        events: [newEvent(ids, 'subscription.expired', presentSubscription(after), toTimestamp(now))],
        claim: subscriptionJobOf(job),
      }),
      now,
    );
    return;
  }
  const recovery = billRecoveryDueAt(now);
  const begin = billBeginningOf({
    before: loaded,
    after: action.subscription,
    bill: action.bill,
    recoveryAt: recovery,
    claim: subscriptionJobOf(job),
  });
  // The subscription as the reservation leaves it: what the settlement's change is made against.
  // A renewal's bill begins apart: the subscription's item, and its version, stay as they were.
  // Its renewal job is then at the recovery date, where the settlement finds it.
  const begun = {
    ...loaded,
    subscription: action.subscription,
    bill: action.bill,
    billApart: true,
    renewalDueAt: recovery,
  };
  const outcome = await chargeBill(deps, job.scope, action.subscription, action.bill, noIpAddress, {
    begin,
    begun,
  });
  if (!chargeReserved(outcome)) await subscriptions.commit(job.scope, begin, now);
  if (outcome.kind === 'processing' || outcome.recorded) return;
  await settleBillOf(deps, job.scope, job.token, action.bill.attempt, outcome);
};
