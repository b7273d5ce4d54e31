import { claimIn } from '@wattle/store';
import type { JobHandler } from '../job-handler.ts';

/** Finishes deleting an endpoint whose DELETE request stopped half-way, and claims the job. */
export const purgeWebhookEndpoint: JobHandler = (job, deps) =>
  deps.store.webhookEndpoints.purge(job.scope, job.token, (tx) => claimIn(tx, job));
