import type { PaymentJob, Scope, SubscriptionJob } from '@wattle/domain';

/**
 * Work due at a time (settle a refund, retry a webhook, bill a subscription), written in the same
 * transaction as the change that makes it due, and claimed inside the transaction that does the
 * work: a job claimed by an overlapping run first makes that transaction throw JobTaken.
 */
export interface ScheduledJob {
  kind: string;
  scope: Scope;
  /** The resource the job is about (one job per kind and resource). */
  token: string;
  dueAt: Date;
  data?: Record<string, unknown>;
}

/** The kinds of scheduled job, by the name their jobs are kept under. */
export const jobKinds = {
  paymentRecovery: 'payment-recovery',
  refundSettlement: 'refund-settlement',
  transferPayout: 'transfer-payout',
  transferReturn: 'transfer-return',
  webhookRetry: 'webhook-retry',
  endpointPurge: 'webhook-endpoint-purge',
  planPurge: 'plan-purge',
  subscriptionBilling: 'subscription-billing',
  billRecovery: 'subscription-bill-recovery',
  dailyDeposit: 'daily-deposit',
  disputeOpening: 'dispute-opening',
  disputeDeadline: 'dispute-deadline',
  disputeReview: 'dispute-review',
  disputeArbitration: 'dispute-arbitration',
  disputeWithdrawal: 'dispute-withdrawal',
  processorSettlement: 'processor-settlement',
} as const;

/** The kind a payment's or a subscription's job (the domain's changes name them) is kept under. */
export const jobKindOf: Record<PaymentJob['job'] | SubscriptionJob['job'], string> = {
  'payment-recovery': jobKinds.paymentRecovery,
  'dispute-opening': jobKinds.disputeOpening,
  'processor-settlement': jobKinds.processorSettlement,
  renewal: jobKinds.subscriptionBilling,
  'bill-recovery': jobKinds.billRecovery,
};

/** A payment's or a subscription's job as every store's schedule keeps it. */
export const scheduledJobOf = (scope: Scope, job: PaymentJob | SubscriptionJob): ScheduledJob => ({
  kind: jobKindOf[job.job],
  scope,
  token: job.token,
  dueAt: job.dueAt,
  ...('data' in job && job.data ? { data: job.data } : {}),
});

/**
 * The kinds whose job is named by its due time too: two jobs of one resource at different times
 * are two jobs, and whoever claims, cancels or moves one names its time (a payment's recovery
 * job from the payment, a renewal job from the subscription's next billing date or its bill's
 * recovery date). Every other kind has one job per resource, and scheduling it again moves it.
 */
export const jobKindsNamedByDueTime: ReadonlySet<string> = new Set([
  jobKinds.paymentRecovery,
  jobKinds.subscriptionBilling,
]);

export interface ScheduleStore {
  /** Claims a job that has nothing left to do (its work was done or made moot elsewhere). Throws JobTaken. */
  drop(job: ScheduledJob): Promise<void>;
  /**
   * Up to `limit` jobs of `kinds` (one kind, or several) per shard due by `now`, earliest first. The
   * scheduler asks for every kind it has a handler for at once: one read of each shard.
   */
  due(kinds: string | readonly string[], now: Date, limit?: number): Promise<ScheduledJob[]>;
}
