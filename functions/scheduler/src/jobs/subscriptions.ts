import { type JobHandler, purgePlan, recoverBill, renewSubscription } from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import type { RuntimeDeps } from '@wattle/runtime';

/** Renewals of subscriptions, the recovery of bills left half-way, and the purge of deleted plans. */
export const subscriptionJobs: Record<string, JobHandler<RuntimeDeps>> = {
  [jobKinds.subscriptionBilling]: (job, deps) => renewSubscription(deps, job),
  [jobKinds.billRecovery]: (job, deps) => recoverBill(deps, job),
  [jobKinds.planPurge]: (job, deps) => purgePlan(deps, job),
};
