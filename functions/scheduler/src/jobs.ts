import {
  applyProcessorSettlement,
  expireDispute,
  type JobHandler,
  makeDeposit,
  openDispute,
  payOutTransfer,
  purgeWebhookEndpoint,
  recoverPayment,
  retryWebhook,
  returnTransfer,
  reviewDispute,
  settleRefund,
  withdrawDispute,
} from '@wattle/flows';
import { jobKinds } from '@wattle/ports';
import type { SchedulerDeps } from './deps.ts';
import { subscriptionJobs } from './jobs/subscriptions.ts';

/** Every kind of scheduled job, by the kind name its jobs are scheduled under: one line each. */
export const jobHandlers: Record<string, JobHandler<SchedulerDeps>> = {
  [jobKinds.paymentRecovery]: (job, deps) => recoverPayment(deps, job),
  [jobKinds.refundSettlement]: (job, deps) => settleRefund(deps, job),
  [jobKinds.processorSettlement]: (job, deps) => applyProcessorSettlement(deps, job),
  [jobKinds.transferPayout]: (job, deps) => payOutTransfer(deps, job),
  [jobKinds.transferReturn]: (job, deps) => returnTransfer(deps, job),
  [jobKinds.webhookRetry]: (job, deps, now) => retryWebhook(deps, job, now),
  [jobKinds.endpointPurge]: (job, deps) => purgeWebhookEndpoint(deps, job),
  [jobKinds.dailyDeposit]: (job, deps, now) => makeDeposit(deps, job, now),
  [jobKinds.disputeOpening]: (job, deps) => openDispute(deps, job),
  [jobKinds.disputeWithdrawal]: (job, deps) => withdrawDispute(deps, job),
  [jobKinds.disputeDeadline]: (job, deps) => expireDispute(deps, job),
  [jobKinds.disputeReview]: (job, deps) => reviewDispute(deps, job),
  [jobKinds.disputeArbitration]: (job, deps) => reviewDispute(deps, job),
  ...subscriptionJobs,
};
