import type { ScheduledJob } from '@wattle/ports';
import type { BillingDeps } from './bill-now.ts';
import { outcomeOf } from './bill-outcome.ts';
import { chargeBill, findBillCharge, noIpAddress } from './charge-bill.ts';
import { settleBillOf } from './settle-bill.ts';
import { type BillAlong, type ChargeOutcome, finishBillCharge } from './settle-bill-charge.ts';

/**
 * The recovery job of a bill a run left under way: a start's or a reactivation's own job, or, for a
 * renewal's, the renewal job (moved to the recovery date when the bill began). The charge of the bill's attempt is looked up
 * by its derived token: settled, its outcome is recorded; still processing, a renewal's is finished
 * here (it has no recovery job of its own; the processor is idempotent by its token), its outcome
 * recorded with it, while a start's or reactivation's is left to its payment's own recovery job
 * and this job stays due; never made, a renewal is charged now, while a start or reactivation
 * (whose caller saw an error long ago) is given up, leaving nothing charged.
 */
export const recoverBill = async (deps: BillingDeps, job: ScheduledJob): Promise<void> => {
  const loaded = await deps.subscriptions.get(job.scope, job.token);
  const bill = loaded?.bill;
  if (!loaded || !bill) {
    await deps.schedule.drop(job);
    return;
  }
  // Records the bill with its charge's settlement, claiming this job in the same transaction.
  const along: BillAlong = { begin: null, begun: { ...loaded, bill }, claim: job };
  let outcome: ChargeOutcome;
  const charge = bill.amount > 0 ? await findBillCharge(deps, job.scope, job.token, bill) : null;
  if (bill.amount === 0) outcome = { kind: 'paid', charge: null };
  else if (charge?.state === 'processing' && bill.purpose === 'renewal')
    outcome = await finishBillCharge(deps, job.scope, charge, along);
  else if (charge) outcome = outcomeOf(charge);
  else if (bill.purpose === 'renewal')
    outcome = await chargeBill(deps, job.scope, loaded.subscription, bill, noIpAddress, along);
  else outcome = { kind: 'abandoned' };
  if (outcome.kind === 'processing' || outcome.recorded) return;
  await settleBillOf(deps, job.scope, job.token, bill.attempt, outcome, job);
};
