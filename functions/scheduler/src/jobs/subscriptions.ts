import { billRecoveryJob, planPurgeJob, subscriptionBillingJob } from '@wattle/store';
import { purgePlan, recoverBill, renewSubscription } from '@wattle/subscriptions';
import type { JobHandler } from '../job-handler.ts';

/** Renewals of subscriptions, the recovery of bills left half-way, and the purge of deleted plans. */
export const subscriptionJobs: Record<string, JobHandler> = {
  [subscriptionBillingJob]: (job, deps) => renewSubscription(deps, job),
  [billRecoveryJob]: (job, deps) => recoverBill(deps, job),
  [planPurgeJob]: (job, deps) => purgePlan(deps, job),
};
