import type { SubscriptionJob } from '@wattle/domain';
import { jobKinds, type ScheduledJob } from '@wattle/ports';

/**
 * A scheduled job of a subscription's as the domain names it in a change: the renewal job, or the
 * recovery job of a start's or a reactivation's bill.
 */
export const subscriptionJobOf = (job: ScheduledJob): SubscriptionJob => {
  if (job.kind !== jobKinds.subscriptionBilling && job.kind !== jobKinds.billRecovery) {
    throw new Error(`A ${job.kind} job is no subscription's`);
  }
  return {
    job: job.kind === jobKinds.subscriptionBilling ? 'renewal' : 'bill-recovery',
    token: job.token,
    dueAt: job.dueAt,
  };
};
