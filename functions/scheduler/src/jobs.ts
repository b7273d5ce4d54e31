import { recoverPayment } from '@wattle/flows';
import { payOutTransfer, settleRefund } from '@wattle/payments';
import { jobKinds } from '@wattle/ports';
import type { JobHandler } from './job-handler.ts';
import { purgeWebhookEndpoint } from './jobs/purge-webhook-endpoint.ts';
import { retryWebhook } from './jobs/retry-webhook.ts';
import { subscriptionJobs } from './jobs/subscriptions.ts';

/** Every kind of scheduled job, by the kind name its jobs are scheduled under. */
export const jobHandlers: Record<string, JobHandler> = {
  [jobKinds.paymentRecovery]: (job, deps) => recoverPayment(deps, job),
  [jobKinds.refundSettlement]: (job, deps) => settleRefund(deps, job),
  [jobKinds.transferPayout]: (job, deps) => payOutTransfer(deps, job),
  [jobKinds.webhookRetry]: retryWebhook,
  [jobKinds.endpointPurge]: purgeWebhookEndpoint,
  ...subscriptionJobs,
};
