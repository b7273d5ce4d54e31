import { recoverPayment, settleRefund } from '@wattle/payments';
import { paymentRecoveryJob, refundSettlementJob } from '@wattle/store';
import type { JobHandler } from './job-handler.ts';

/** Every kind of scheduled job, by the kind name its jobs are scheduled under. */
export const jobHandlers: Record<string, JobHandler> = {
  [paymentRecoveryJob]: (job, deps) => recoverPayment(deps, job),
  [refundSettlementJob]: (job, deps) => settleRefund(deps, job),
};
