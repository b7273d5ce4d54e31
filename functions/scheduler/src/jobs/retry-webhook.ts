import { deliveryQueue } from '@wattle/runtime';
import { claimIn, newTransaction } from '@wattle/store';
import type { JobHandler } from '../job-handler.ts';

/**
 * A webhook's retry fell due (or a replay's message never arrived): ask the delivery function
 * for the attempt, then claim the job. The scheduler does not send itself: it holds the card key
 * and should not reach out to merchants' URLs, a 10 s timeout per webhook would cap how many it
 * gets through a run, and the queue brings the delivery's own retries and dead-letter queue. A
 * request sent twice (the claim lost to an overlapping run) makes one attempt: only a due one runs.
 */
export const retryWebhook: JobHandler = async (job, deps) => {
  await deliveryQueue().send([{ scope: job.scope, webhookToken: job.token }]);
  await claimIn(newTransaction(deps.store.ctx), job).commit(deps.store.ctx.doc);
};
