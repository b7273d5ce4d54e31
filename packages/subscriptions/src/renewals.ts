import { dueAction, expireSubscription, newEvent, presentSubscription, toTimestamp } from '@wattle/domain';
import type { ScheduledJob } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';
import {
  type BillOutcome,
  chargeBill,
  findBillCharge,
  outcomeOf,
  recoveryDueAt,
  settleBillOf,
} from './bills.ts';

/** Renewals are charged from the scheduler: there is no payer's address. */
const noIpAddress = '';

/**
 * The renewal job, due at a subscription's next billing date. Exactly once per bill attempt, even
 * when two runs overlap:
 * 1. one transaction claims the job (the other run's claim fails: label `job`) and records the
 *    bill as under way on the subscription, with the attempt's number and a recovery job;
 * 2. the card is charged under a token derived from (subscription, attempt), reserved only if new;
 * 3. one transaction records the outcome: the ledger credit, the next interval and its renewal
 *    job (or the retry, or the end), the events, and removes the recovery job.
 * A run dying after 1 leaves the bill under way; the recovery job finds its charge by the derived
 * token (or makes it, if it never was) and finishes step 3. A charge can never be made twice: its
 * token is fixed by step 1, and step 3 settles only the attempt still under way.
 */
export const renewSubscription = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const { store, ids, clock } = deps;
  const loaded = await store.subscriptions.get(job.scope, job.token);
  const now = clock.now();
  const action = loaded && !loaded.bill ? dueAction(loaded.subscription, now) : { kind: 'nothing' as const };
  if (!loaded || action.kind === 'nothing') {
    await store.schedule.drop(job);
    return;
  }
  if (action.kind === 'expire') {
    const after = expireSubscription(loaded.subscription, now);
    await store.subscriptions.commit(
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
  await store.subscriptions.commit(
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

/**
 * The recovery job of a bill a run left under way. The charge of the bill's attempt is looked up
 * by its derived token: settled, its outcome is recorded; still processing, the job stays due (the
 * payment's own recovery settles it first); never made, a renewal is charged now, while a start or
 * reactivation (whose caller saw an error long ago) is given up, leaving nothing charged.
 */
export const recoverBill = async (deps: RuntimeDeps, job: ScheduledJob): Promise<void> => {
  const loaded = await deps.store.subscriptions.get(job.scope, job.token);
  const bill = loaded?.bill;
  if (!loaded || !bill) {
    await deps.store.schedule.drop(job);
    return;
  }
  let outcome: BillOutcome;
  const charge = bill.amount > 0 ? await findBillCharge(deps, job.scope, job.token, bill) : null;
  if (bill.amount === 0) outcome = { kind: 'paid', charge: null };
  else if (charge) outcome = outcomeOf(charge);
  else if (bill.purpose === 'renewal')
    outcome = await chargeBill(deps, job.scope, loaded.subscription, bill, noIpAddress);
  else outcome = { kind: 'abandoned' };
  if (outcome.kind === 'processing') return;
  await settleBillOf(deps, job.scope, job.token, bill.attempt, outcome, job);
};
