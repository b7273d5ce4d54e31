import type { DeliveryQueue, ScheduledJob, ScheduleStore, WebhookEndpointsStore } from '@wattle/ports';

/**
 * A webhook's retry fell due (or a replay's message never arrived): ask the delivery function
 * for the attempt, then claim the job (JobTaken when an overlapping run claimed it first). The
 * scheduler does not send itself: it holds the card key and should not reach out to merchants'
 * URLs, a 10 s timeout per webhook would cap how many it gets through a run, and the queue brings
 * the delivery's own retries and dead-letter queue. A request sent twice (the claim lost to an
 * overlapping run) makes one attempt: only a due one runs.
 */
export const retryWebhook = async (
  { deliveryQueue, schedule }: { deliveryQueue: DeliveryQueue; schedule: ScheduleStore },
  job: ScheduledJob,
): Promise<void> => {
  await deliveryQueue.send([{ scope: job.scope, webhookToken: job.token }]);
  await schedule.drop(job);
};

/** Finishes deleting an endpoint whose DELETE request stopped half-way, and claims the job. */
export const purgeWebhookEndpoint = (
  { webhookEndpoints }: { webhookEndpoints: WebhookEndpointsStore },
  job: ScheduledJob,
): Promise<void> => webhookEndpoints.purge(job);
