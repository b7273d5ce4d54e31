import { type JobHandler, purgePlan, recoverBill, renewSubscription } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import type { SchedulerDeps } from '../deps.ts';

/** Renewals of subscriptions, the recovery of bills left half-way, and the purge of deleted plans. */
export const subscriptionJobs: Record<string, JobHandler<SchedulerDeps>> = {
  [jobKinds.subscriptionBilling]: (job, deps) => renewSubscription(deps, job),
  [jobKinds.billRecovery]: (job, deps) => recoverBill(deps, job),
  [jobKinds.planPurge]: (job, deps) => purgePlan(deps, job),
};
