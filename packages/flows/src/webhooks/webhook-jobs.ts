import type {
  DeliveryQueue,
  ScheduledJob,
  ScheduleStore,
  WebhookEndpointsStore,
  WebhooksStore,
} from '@wattle/ports';

/**
 * A webhook's retry fell due (or a replay's message never arrived): ask the delivery function
 * for the attempt, then claim the job (JobTaken when an overlapping run claimed it first). The
 * scheduler does not send itself: it holds the card key and should not reach out to merchants'
 * URLs, a 10 s timeout per webhook would cap how many it gets through a run, and the queue brings
 * the delivery's own retries and dead-letter queue. A request sent twice (the claim lost to an
 * overlapping run) makes one attempt: only a due one runs. First the webhook and its event are
 * held past the retries still to come (from when the job runs, however late: a moved clock), so
 * the retention's expiry never takes an event whose webhook is still being delivered.
 */
export const retryWebhook = async (
  {
    deliveryQueue,
    schedule,
    webhooks,
  }: { deliveryQueue: DeliveryQueue; schedule: ScheduleStore; webhooks: WebhooksStore },
  job: ScheduledJob,
  now: Date,
): Promise<void> => {
  await webhooks.holdForDelivery(job.scope, job.token, now);
  await deliveryQueue.send([{ scope: job.scope, webhookToken: job.token }]);
  await schedule.drop(job);
};

/** Finishes deleting an endpoint whose DELETE request stopped half-way, and claims the job. */
export const purgeWebhookEndpoint = (
  { webhookEndpoints }: { webhookEndpoints: WebhookEndpointsStore },
  job: ScheduledJob,
): Promise<void> => webhookEndpoints.purge(job);
