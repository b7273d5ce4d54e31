import { dueAction, expireSubscription, newEvent, presentSubscription, toTimestamp } from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { BillingDeps } from './bill-now.ts';
import { chargeBill } from './charge-bill.ts';
import { recoveryDueAt, settleBillOf } from './settle-bill.ts';

/** Renewals are charged from the scheduler: there is no payer's address. */
export const noIpAddress = '';

/**
 * The renewal job, due at a subscription's next billing date. Exactly once per bill attempt, even
 * when two runs overlap:
 * 1. one transaction claims the job (the other run's commit is refused: JobTaken, and it stops
 *    there) and records the bill as under way on the subscription, with the attempt's number and
 *    a recovery job;
 * 2. the card is charged under a token derived from (subscription, attempt), reserved only if new;
 * 3. one transaction records the outcome: the ledger credit, the next interval and its renewal
 *    job (or the retry, or the end), the events, and removes the recovery job.
 * A run dying after 1 leaves the bill under way; the recovery job finds its charge by the derived
 * token (or makes it, if it never was) and finishes step 3. A charge can never be made twice: its
 * token is fixed by step 1, and step 3 settles only the attempt still under way.
 */
export const renewSubscription = async (deps: BillingDeps, job: ScheduledJob): Promise<void> => {
  const { subscriptions, schedule, ids, clock } = deps;
  const loaded = await subscriptions.get(job.scope, job.token);
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
      {
        before: loaded,
        after,
        bill: null,
        credit: null,
        events: [newEvent(ids, 'subscription.expired', presentSubscription(after), toTimestamp(now))],
        claim: job,
        renewalJob: 'sync',
        recovery: 'keep',
        planMustBeLive: false,
      },
      now,
    );
    return;
  }
  await subscriptions.commit(
    job.scope,
    {
      before: loaded,
      after: action.subscription,
      bill: action.bill,
      credit: null,
      events: [],
      claim: job,
      renewalJob: 'keep',
      recovery: recoveryDueAt(now),
      planMustBeLive: false,
    },
    now,
  );
  const outcome = await chargeBill(deps, job.scope, action.subscription, action.bill, noIpAddress);
  if (outcome.kind === 'processing') return;
  await settleBillOf(deps, job.scope, job.token, action.bill.attempt, outcome);
};
