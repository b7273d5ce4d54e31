import type { ScheduledJob } from '@wattle/ports';
import type { BillingDeps } from './bill-now.ts';
import { type BillOutcome, chargeBill, findBillCharge, outcomeOf } from './charge-bill.ts';
import { noIpAddress } from './renew-subscription.ts';
import { settleBillOf } from './settle-bill.ts';

/**
 * The recovery job of a bill a run left under way. The charge of the bill's attempt is looked up
 * by its derived token: settled, its outcome is recorded; still processing, the job stays due (the
 * payment's own recovery settles it first); never made, a renewal is charged now, while a start or
 * reactivation (whose caller saw an error long ago) is given up, leaving nothing charged.
 */
export const recoverBill = async (deps: BillingDeps, job: ScheduledJob): Promise<void> => {
  const loaded = await deps.subscriptions.get(job.scope, job.token);
  const bill = loaded?.bill;
  if (!loaded || !bill) {
    await deps.schedule.drop(job);
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
