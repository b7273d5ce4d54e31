import { payOutTransfer, recoverPayment, settleRefund } from '@wattle/payments';
import {
  endpointPurgeJob,
  paymentRecoveryJob,
  refundSettlementJob,
  transferPayoutJob,
  webhookRetryJob,
} from '@wattle/store';
import type { JobHandler } from './job-handler.ts';
import { purgeWebhookEndpoint } from './jobs/purge-webhook-endpoint.ts';
import { retryWebhook } from './jobs/retry-webhook.ts';
import { subscriptionJobs } from './jobs/subscriptions.ts';

/** Every kind of scheduled job, by the kind name its jobs are scheduled under. */
export const jobHandlers: Record<string, JobHandler> = {
  [paymentRecoveryJob]: (job, deps) => recoverPayment(deps, job),
  [refundSettlementJob]: (job, deps) => settleRefund(deps, job),
  [transferPayoutJob]: (job, deps) => payOutTransfer(deps, job),
  [webhookRetryJob]: retryWebhook,
  [endpointPurgeJob]: purgeWebhookEndpoint,
  ...subscriptionJobs,
};
